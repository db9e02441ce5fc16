import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor } from './readableTextColor.ts';

describe('chip text colour', () => {
  it('picks the colour that reaches WCAG AA (4.5:1) on every background', () => {
    for (const background of [
      '#E53935',
      '#FFB300',
      '#78909C',
      '#1565C0',
      '#2E7D32',
      '#EC407A',
      '#808080',
      '#777777',
    ]) {
      expect(contrastRatio(background, readableTextColor(background))).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextColor('#1565C0')).toBe('#FFFFFF');
    expect(readableTextColor('#FFB300')).toBe('#000000');
  });
});
