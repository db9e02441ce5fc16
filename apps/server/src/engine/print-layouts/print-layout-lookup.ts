import { type ComponentDefinition, localize, type PrintLayout, PrintLayoutSchema } from '@der/contracts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';

/**
 * The component's layout with that id, checked against today's schema: a definition stored before print layouts
 * were templates (a template file name) is refused with a message for the administrator, never drawn half.
 */
export function getPrintLayoutOrThrow(definition: ComponentDefinition, printLayoutId: number): PrintLayout {
  const stored = definition.printLayouts.find((layout) => layout.id === printLayoutId);
  if (!stored) throw new AppError('NOT_FOUND');
  const parsed = PrintLayoutSchema.safeParse(stored);
  if (!parsed.success)
    throw errorWithParams('PRINT_LAYOUT_INVALID', { name: localize(stored.name, 'pt-BR') });
  return parsed.data;
}

/** 'Autorização Especial de Trânsito - AET-2026-000123.pdf', without characters a file name may not hold. */
export function printFileName(layoutName: string, formattedId: string): string {
  const base = `${layoutName} - ${formattedId}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').slice(0, 200);
  return `${base}.pdf`;
}
