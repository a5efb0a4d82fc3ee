/** WCAG 2.2 contrast ratio of two colours (UI16): what the token test checks every text/background pair with. */

type RGB = [number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(a)(r, g, b[, a])`; an alpha is composed over `under` (white unless given). */
export function parseColour(value: string, under: RGB = [255, 255, 255]): RGB {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex?.[1]) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as RGB;
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(v);
  if (fn?.[1]) {
    const [r = 0, g = 0, b = 0, a = 1] = fn[1].split(',').map((p) => Number.parseFloat(p));
    return [r, g, b].map((c, i) => Math.round(c * a + (under[i] ?? 0) * (1 - a))) as RGB;
  }
  throw new Error(`not a colour: ${value}`);
}

function luminance([r, g, b]: RGB): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21. A translucent foreground is composed over the background. */
export function contrastRatio(foreground: string, background: string): number {
  const bg = parseColour(background);
  const fg = parseColour(foreground, bg);
  const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}
