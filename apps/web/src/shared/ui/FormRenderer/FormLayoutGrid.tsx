import type { FormComponent } from '@der/contracts';
import { Grid } from '@mui/material';
import { FormComponentView } from './FormComponentView.tsx';
import { useFormRenderer } from './FormRendererContext.ts';
import { modeIsFieldList } from './formModes.ts';

/** Components on a 12-column grid; field-list modes (5, 6) put each one on its own row. */
export function FormLayoutGrid({ components }: { components: readonly FormComponent[] }) {
  const { mode } = useFormRenderer();
  const fieldList = modeIsFieldList(mode);
  return (
    <Grid container spacing={2}>
      {components.map((component, index) => (
        <Grid
          // Components without a key are positional: the layout never reorders at run time.
          key={component.key ?? `${component.type}-${index}`}
          size={{ xs: 12, md: fieldList ? 12 : component.columnSpan }}
        >
          <FormComponentView component={component} />
        </Grid>
      ))}
    </Grid>
  );
}
