/** The queue module (Dexie inside), loaded the first time a save has to wait or waiting saves are to be sent. */
export const loadOfflineQueue = () => import(/* webpackChunkName: "offline-queue" */ './offlineBetSaves');
