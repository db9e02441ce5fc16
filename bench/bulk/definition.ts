import { benchDefinition, ITEM_COMPONENT } from '../large-list/dataset.ts';

const label = (text: string) => ({ 'pt-BR': text, en: text });

/** The large list's application with one action, 'fechar' (aberto → fechado), asking a reason. */
export const bulkBenchDefinition = {
  ...benchDefinition,
  key: 'bench-bulk',
  name: 'Bench: operação em massa',
  components: benchDefinition.components.map((component) =>
    component.id !== ITEM_COMPONENT
      ? component
      : {
          ...component,
          workflow: {
            statuses: component.workflow!.statuses,
            actions: [
              { key: 'fechar', name: label('Fechar'), from: ['aberto'], to: 'fechado', reasonRequired: true },
            ],
          },
        },
  ),
};
