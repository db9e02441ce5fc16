/** Something the fast reader leaves to ExcelJS (see import-sheet-reader.ts): the caller then reads the file with ExcelJS. */
export class FastSheetUnsupported extends Error {}

export const unsupported = (why: string): never => {
  throw new FastSheetUnsupported(why);
};
