import type { ColourShades, PaletteName } from './platform.schemas.ts';

export interface PaletteColours {
  primary: ColourShades;
  secondary: ColourShades;
}

function shades(light: string, main: string, dark: string): ColourShades {
  return { light, main, dark };
}

function palette(primary: ColourShades, secondary: ColourShades): PaletteColours {
  return { primary, secondary };
}

/**
 * The colours of each named palette, for light and dark mode. Dark mode uses lighter mains so text in the
 * palette's colour stays readable on a dark background. The `brand` palette is a placeholder here: its
 * colours come from the platform settings (primaryColor, secondaryColor).
 */
export const PALETTES: Record<PaletteName, { light: PaletteColours; dark: PaletteColours }> = {
  'purple-red': {
    light: palette(shades('#C158DC', '#8E24AA', '#5C007A'), shades('#FF5C8D', '#D81B60', '#A00037')),
    dark: palette(shades('#E1BEE7', '#CE93D8', '#AB47BC'), shades('#F8BBD0', '#F48FB1', '#EC407A')),
  },
  'green-orange': {
    light: palette(shades('#60AD5E', '#2E7D32', '#005005'), shades('#FFA040', '#EF6C00', '#B53D00')),
    dark: palette(shades('#C8E6C9', '#A5D6A7', '#66BB6A'), shades('#FFE0B2', '#FFB74D', '#FF9800')),
  },
  magenta: {
    light: palette(shades('#E35183', '#AD1457', '#78002E'), shades('#B085F5', '#7E57C2', '#4D2C91')),
    dark: palette(shades('#F8BBD0', '#F48FB1', '#EC407A'), shades('#D1C4E9', '#B39DDB', '#9575CD')),
  },
  blue: {
    light: palette(shades('#5E92F3', '#1565C0', '#003C8F'), shades('#FF7961', '#D32F2F', '#9A0007')),
    dark: palette(shades('#BBDEFB', '#90CAF9', '#42A5F5'), shades('#FFCDD2', '#EF9A9A', '#E57373')),
  },
  orange: {
    light: palette(shades('#FF8A50', '#D84315', '#9F0000'), shades('#5E92F3', '#1565C0', '#003C8F')),
    dark: palette(shades('#FFE0B2', '#FFB74D', '#FB8C00'), shades('#BBDEFB', '#90CAF9', '#42A5F5')),
  },
  cyan: {
    light: palette(shades('#4FB3BF', '#00838F', '#005662'), shades('#FF7043', '#E64A19', '#AC0800')),
    dark: palette(shades('#B2EBF2', '#80DEEA', '#26C6DA'), shades('#FFCCBC', '#FFAB91', '#FF7043')),
  },
  red: {
    light: palette(shades('#FF6659', '#C62828', '#8E0000'), shades('#6D6D6D', '#424242', '#1B1B1B')),
    dark: palette(shades('#FFCDD2', '#EF9A9A', '#E57373'), shades('#EEEEEE', '#E0E0E0', '#BDBDBD')),
  },
  'sky-blue': {
    light: palette(shades('#5EB8FF', '#0277BD', '#004C8C'), shades('#FFB04C', '#F57C00', '#BB4D00')),
    dark: palette(shades('#B3E5FC', '#81D4FA', '#29B6F6'), shades('#FFE0B2', '#FFCC80', '#FFA726')),
  },
  grey: {
    light: palette(shades('#8E8E8E', '#616161', '#373737'), shades('#62727B', '#37474F', '#102027')),
    dark: palette(shades('#F5F5F5', '#E0E0E0', '#BDBDBD'), shades('#CFD8DC', '#B0BEC5', '#90A4AE')),
  },
  gold: {
    light: palette(shades('#C9A54A', '#8D6E13', '#5D4300'), shades('#5D6F8C', '#34495E', '#0A2236')),
    dark: palette(shades('#FFF3C4', '#FFD54F', '#FFCA28'), shades('#CFD8DC', '#B0BEC5', '#90A4AE')),
  },
  green: {
    light: palette(shades('#4C8C4A', '#1B5E20', '#003300'), shades('#8BC34A', '#558B2F', '#255D00')),
    dark: palette(shades('#C8E6C9', '#81C784', '#4CAF50'), shades('#DCEDC8', '#C5E1A5', '#9CCC65')),
  },
  purple: {
    light: palette(shades('#9A67EA', '#5E35B1', '#280680'), shades('#E35183', '#AD1457', '#78002E')),
    dark: palette(shades('#D1C4E9', '#B39DDB', '#9575CD'), shades('#F8BBD0', '#F48FB1', '#EC407A')),
  },
  'green-nature': {
    light: palette(shades('#6A8F3C', '#3E6212', '#143700'), shades('#A1887F', '#6D4C41', '#40241A')),
    dark: palette(shades('#DCEDC8', '#AED581', '#8BC34A'), shades('#D7CCC8', '#BCAAA4', '#A1887F')),
  },
  'blue-cyan': {
    light: palette(shades('#534BAE', '#1A237E', '#000051'), shades('#4FB3BF', '#00838F', '#005662')),
    dark: palette(shades('#C5CAE9', '#9FA8DA', '#7986CB'), shades('#B2EBF2', '#80DEEA', '#26C6DA')),
  },
  'yellow-cyan': {
    light: palette(shades('#BC8F2B', '#8A6100', '#5A3800'), shades('#4FB3BF', '#00838F', '#005662')),
    dark: palette(shades('#FFF9C4', '#FFF176', '#FFEE58'), shades('#B2EBF2', '#80DEEA', '#26C6DA')),
  },
  'pink-green': {
    light: palette(shades('#F06292', '#C2185B', '#8C0032'), shades('#60AD5E', '#2E7D32', '#005005')),
    dark: palette(shades('#F8BBD0', '#F48FB1', '#EC407A'), shades('#C8E6C9', '#A5D6A7', '#66BB6A')),
  },
  'pink-blue': {
    light: palette(shades('#F06292', '#C2185B', '#8C0032'), shades('#5E92F3', '#1565C0', '#003C8F')),
    dark: palette(shades('#F8BBD0', '#F48FB1', '#EC407A'), shades('#BBDEFB', '#90CAF9', '#42A5F5')),
  },
  'green-purple': {
    light: palette(shades('#52C7B8', '#00796B', '#004C40'), shades('#9A67EA', '#5E35B1', '#280680')),
    dark: palette(shades('#B2DFDB', '#80CBC4', '#4DB6AC'), shades('#D1C4E9', '#B39DDB', '#9575CD')),
  },
  brown: {
    light: palette(shades('#8D6E63', '#5D4037', '#321911'), shades('#FFB04C', '#E65100', '#AC1900')),
    dark: palette(shades('#D7CCC8', '#BCAAA4', '#A1887F'), shades('#FFE0B2', '#FFCC80', '#FFA726')),
  },
  'light-blue': {
    light: palette(shades('#67DAFF', '#0288D1', '#005B9F'), shades('#7986CB', '#3949AB', '#00227B')),
    dark: palette(shades('#E1F5FE', '#81D4FA', '#4FC3F7'), shades('#C5CAE9', '#9FA8DA', '#7986CB')),
  },
  'orange-green': {
    light: palette(shades('#FFA040', '#E65100', '#AC1900'), shades('#4C8C4A', '#1B5E20', '#003300')),
    dark: palette(shades('#FFE0B2', '#FFB74D', '#FFA726'), shades('#C8E6C9', '#81C784', '#66BB6A')),
  },
  // Placeholder: the web app replaces it with settings.primaryColor / settings.secondaryColor.
  brand: {
    light: palette(shades('#4F83CC', '#01579B', '#002F6C'), shades('#FFD95A', '#F9A825', '#C17900')),
    dark: palette(shades('#B3E5FC', '#81D4FA', '#4FC3F7'), shades('#FFF59D', '#FFEE58', '#FDD835')),
  },
  plugflex: {
    light: palette(shades('#6F74DD', '#3949AB', '#00227B'), shades('#FF8A65', '#F4511E', '#B91400')),
    dark: palette(shades('#C5CAE9', '#9FA8DA', '#7986CB'), shades('#FFCCBC', '#FFAB91', '#FF8A65')),
  },
};
