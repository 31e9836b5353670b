// Static files imported by client modules resolve to their URL (webpack asset modules).
declare module '*.svg' { const url: string; export default url; }
declare module '*.png' { const url: string; export default url; }
declare module '*.css';
