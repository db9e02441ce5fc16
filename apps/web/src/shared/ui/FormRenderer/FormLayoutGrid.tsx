import type { FormComponent } from '@der/contracts';
import { Grid } from '@mui/material';
import { FormComponentView } from './FormComponentView.tsx';
import { useFormRenderer } from './FormRendererContext.ts';
import { modeIsFieldList } from './formModes.ts';

/** The field a component edits, when it edits one. */
const boundField = (component: FormComponent): string | undefined =>
  'field' in component && typeof component.field === 'string' ? component.field : undefined;

/**
 * Components on a 12-column grid; field-list modes (5, 6) put each one on its own row. A field hidden by a rule
 * or by the user takes no cell, so a checklist whose items come and go leaves no gaps.
 */
export function FormLayoutGrid({ components }: { components: readonly FormComponent[] }) {
  const { mode, ruleState, userHiddenFields } = useFormRenderer();
  const fieldList = modeIsFieldList(mode);
  const hidden = (component: FormComponent) => {
    const field = boundField(component);
    return field !== undefined && (ruleState.hidden.has(field) || userHiddenFields.has(field));
  };
  return (
    <Grid container spacing={2}>
      {components.map((component, index) =>
        hidden(component) ? null : (
          <Grid
            // Components without a key are positional: the layout never reorders at run time.
            key={component.key ?? `${component.type}-${index}`}
            size={{ xs: 12, md: fieldList ? 12 : component.columnSpan }}
          >
            <FormComponentView component={component} />
          </Grid>
        ),
      )}
    </Grid>
  );
}
