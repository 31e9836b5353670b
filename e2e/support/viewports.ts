/** The two widths every journey is checked at: a common phone (390 px) and a common laptop (1366 px). */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 800 } as const;
export const BOTH_WIDTHS = [PHONE.width, DESKTOP.width];

/** The viewport for a width: phone height at phone width, desktop height otherwise. */
export const viewportOf = (width: number): { width: number; height: number } =>
  ({ width, height: width <= PHONE.width ? PHONE.height : DESKTOP.height });
