// The data shapes of the document layout toolkit (pdf-layout.ts): what generators and content files build.

export interface DocumentLayoutOptions {
  /** PDF metadata title (also shown by viewers in the window title). */
  title: string;
  subject?: string;
  keywords?: string[];
  /** Second line of the header band, e.g. the portal's name. */
  headerSubtitle: string;
  /** First line of the header band; defaults to DEPARTMENT_NAME. */
  department?: string;
  /** Small text at the footer's left, e.g. "Termos de Uso - versão 1 - 20/11/2026". */
  footerNote?: string;
  /** Fixed creation/modification date, so shipped documents build reproducibly. */
  date?: Date;
}

export interface TextRun {
  text: string;
  bold?: boolean;
}

export type RichText = string | TextRun[];

export interface TableOptions {
  /** Draw the header row (default true). */
  showHeader?: boolean;
  /** Bold, shaded first column (key/value tables). */
  keyColumn?: boolean;
  size?: number;
  /** Left edge and total width; default the content area. */
  x?: number;
  width?: number;
}

export interface TableColumn {
  header: string;
  /** Relative width; the columns share the content width in proportion. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A declarative block, so that long documents read as content rather than drawing calls. */
export type Block =
  | { h1: string }
  | { h2: string }
  | { p: RichText }
  | { ul: RichText[] }
  | { ol: RichText[] }
  | { kv: Array<[string, string]> }
  | { table: { columns: TableColumn[]; rows: string[][] } }
  | { note: RichText; title?: string }
  | { space: number };
