function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((value >> 16) & 255) +
    0.7152 * channel((value >> 8) & 255) +
    0.0722 * channel(value & 255)
  );
}

/**
 * Black or white, whichever contrasts more with a chip's colour. Unlike MUI's getContrastText (a 3:1
 * threshold), the better of the two always reaches the 4.5:1 that WCAG AA asks of small text.
 */
export function readableTextColor(background: string): '#000000' | '#FFFFFF' {
  const light = luminance(background);
  const onWhite = 1.05 / (light + 0.05);
  const onBlack = (light + 0.05) / 0.05;
  return onBlack >= onWhite ? '#000000' : '#FFFFFF';
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
