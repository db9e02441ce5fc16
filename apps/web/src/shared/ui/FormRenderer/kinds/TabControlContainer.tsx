import { childrenOf, type FormComponent, localize } from '@der/contracts';
import { Box, Tab, Tabs } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormLayoutGrid } from '../FormLayoutGrid.tsx';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { KindProps } from './kindProps.ts';

/** Whether a layout subtree holds the component bound to a field. */
function holdsField(components: readonly FormComponent[], field: string): boolean {
  return components.some(
    (child) => ('field' in child && child.field === field) || holdsField(childrenOf(child), field),
  );
}

/**
 * Tabs; the hidden tabs stay mounted so their fields keep values and validation. A field in error that the
 * form reveals (a refused save) opens its tab, so the user sees the message.
 */
export function TabControlContainer({ component }: KindProps<'tabControl'>) {
  const { i18n } = useTranslation();
  const { revealed } = useFormRenderer();
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  // Adjusted while rendering (not in an effect): the tab is open in the same commit, so the form's focus on
  // the revealed field reaches it.
  const [handledReveal, setHandledReveal] = useState(revealed);
  if (revealed !== handledReveal) {
    setHandledReveal(revealed);
    const index = revealed ? component.tabs.findIndex((tab) => holdsField(tab.children, revealed.field)) : -1;
    if (index >= 0) setSelected(index);
  }
  return (
    <Box>
      <Tabs value={selected} onChange={(_, index: number) => setSelected(index)} variant="scrollable">
        {component.tabs.map((tab, index) => (
          <Tab
            key={tab.key ?? index}
            label={localize(tab.title, i18n.language)}
            id={`${baseId}-tab-${index}`}
            aria-controls={`${baseId}-panel-${index}`}
          />
        ))}
      </Tabs>
      {component.tabs.map((tab, index) => (
        <Box
          key={tab.key ?? index}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={selected !== index}
          sx={{ pt: 2 }}
        >
          <FormLayoutGrid components={tab.children} />
        </Box>
      ))}
    </Box>
  );
}
