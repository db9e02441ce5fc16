import { type ApplicationDefinitionInput, type PrintLayout, PrintLayoutSchema } from '@der/contracts';

/** One print layout of a definition, where it lives (component index, layout index). */
export interface LayoutEntry {
  componentIndex: number;
  layoutIndex: number;
  label: string;
  layout: unknown;
}

type DocumentWithLayouts = ApplicationDefinitionInput & {
  components: Array<{ name: string; printLayouts?: unknown[] }>;
};

/** Every print layout of an exported definition document, labelled 'Component — layout name'. */
export function listPrintLayouts(document: unknown, language: string): LayoutEntry[] {
  const components = (document as DocumentWithLayouts).components ?? [];
  return components.flatMap((component, componentIndex) =>
    (component.printLayouts ?? []).map((layout, layoutIndex) => {
      const name = (layout as { name?: Record<string, string> }).name;
      const text = name?.[language === 'en' ? 'en' : 'pt-BR'] ?? String(layoutIndex + 1);
      return { componentIndex, layoutIndex, label: `${component.name} — ${text}`, layout };
    }),
  );
}

/** The edited JSON checked by the contract's schema: the layout, or every problem with its path. */
export function parseLayoutText(
  text: string,
): { ok: true; layout: PrintLayout } | { ok: false; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  const parsed = PrintLayoutSchema.safeParse(json);
  if (parsed.success) return { ok: true, layout: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '—'}: ${issue.message}`),
  };
}

/**
 * The definition with the edited layout in place and its version raised by one (and the layout's own
 * version): saved through the definitions import, which validates it whole and versions it.
 */
export function withEditedLayout(document: unknown, entry: LayoutEntry, layout: PrintLayout): unknown {
  const source = document as DocumentWithLayouts & { version: number };
  const components = source.components.map((component, componentIndex) =>
    componentIndex !== entry.componentIndex
      ? component
      : {
          ...component,
          printLayouts: (component.printLayouts ?? []).map((current, layoutIndex) =>
            layoutIndex === entry.layoutIndex ? { ...layout, version: layout.version + 1 } : current,
          ),
        },
  );
  return { ...source, version: source.version + 1, components };
}

/**
 * One layout being edited: the JSON text (what is checked, previewed and saved) and the designer's state. A
 * structured edit rewrites the text; a text the schema accepts becomes the designer's state, while a broken
 * one leaves the designer on the last layout that was whole. `design` is undefined only when the definition's
 * own layout fails the schema (then only the JSON can mend it).
 */
export interface LayoutDraft {
  text: string;
  design: PrintLayout | undefined;
}

export function draftOfLayout(layout: unknown): LayoutDraft {
  const text = JSON.stringify(layout, null, 2);
  const parsed = parseLayoutText(text);
  return { text, design: parsed.ok ? parsed.layout : undefined };
}

export function draftOfDesign(design: PrintLayout): LayoutDraft {
  return { text: JSON.stringify(design, null, 2), design };
}

export function draftOfText(draft: LayoutDraft, text: string): LayoutDraft {
  const parsed = parseLayoutText(text);
  return { text, design: parsed.ok ? parsed.layout : draft.design };
}
