import { decomposeColor } from '@mui/material/styles';

/** Colour arithmetic for tests: WCAG contrast and the CIE76 colour difference. */

type Rgb = [number, number, number];
const rgbOf = (colour: string): Rgb => decomposeColor(colour).values.slice(0, 3) as Rgb;
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** `colour` (which may be translucent) painted over the opaque `background`, as a hex colour. */
export function over(colour: string, background: string): string {
  const { values } = decomposeColor(colour);
  const alpha = values.length > 3 ? Number(values[3]) : 1;
  const base = rgbOf(background);
  const mixed = rgbOf(colour).map((channel, i) => Math.round(channel * alpha + base[i] * (1 - alpha)));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function lab(colour: string): Rgb {
  const [r, g, b] = rgbOf(colour).map(linear);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

export function deltaE(a: string, b: string): number {
  const [la, lb] = [lab(a), lab(b)];
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}
