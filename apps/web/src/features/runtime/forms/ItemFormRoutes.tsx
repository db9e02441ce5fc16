import { Alert, Container } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { mainContentProps } from '../../../shared/ui/SkipLink.tsx';
import { PREFILL_PARAM_PREFIX } from '../runtimePaths.ts';
import { ItemFormPage } from './ItemFormPage.tsx';

function positiveInt(text: string | undefined): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Outside an application the page has no shell around it: it brings its own main landmark. */
function Standalone({ appID, children }: { appID: string | undefined; children: ReactNode }) {
  if (appID) return children;
  return (
    <Container component="main" {...mainContentProps} maxWidth="lg" sx={{ py: 3, outline: 'none' }}>
      {children}
    </Container>
  );
}

function BadRoute() {
  const { t } = useTranslation();
  return <Alert severity="error">{t('form.page.badRoute')}</Alert>;
}

/** The `?value.<field>=…` of runtimePaths.insertItem's `prefill`. */
function prefillOf(params: URLSearchParams): Record<string, string> | undefined {
  const entries = [...params.entries()].filter(([name]) => name.startsWith(PREFILL_PARAM_PREFIX));
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([name, value]) => [name.slice(PREFILL_PARAM_PREFIX.length), value]));
}

/**
 * `insertItem/:componentID/:projectId/:form`, inside an application (`/runtime/:appID/…`) or on its own;
 * `?value.<field>=…` starts the form with those values (the server checks them on save as any other).
 */
export function InsertItemRoute() {
  const { appID, componentID, projectId, form } = useParams();
  const [params] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text of the query string is what matters
  const prefill = useMemo(() => prefillOf(params), [search]);
  const componentId = positiveInt(componentID);
  const formId = positiveInt(form);
  const project = Number(projectId);
  if (componentId === null || formId === null || !Number.isInteger(project) || project < 0)
    return <BadRoute />;
  const base = appID ? `/runtime/${appID}` : '';
  return (
    <Standalone appID={appID}>
      <ItemFormPage
        key={`insert-${componentId}-${project}-${formId}-${search}`}
        formKey={{ componentId, formId, projectId: project || null, itemId: null, prefill }}
        editPathOf={(itemId, onForm = formId) => `${base}/editItem/${componentId}/${itemId}/${onForm}`}
      />
    </Standalone>
  );
}

/** `editItem/:componentID/:itemID/:form`, inside an application or on its own. */
export function EditItemRoute() {
  const { appID, componentID, itemID, form } = useParams();
  const componentId = positiveInt(componentID);
  const itemId = positiveInt(itemID);
  const formId = positiveInt(form);
  if (componentId === null || itemId === null || formId === null) return <BadRoute />;
  const base = appID ? `/runtime/${appID}` : '';
  return (
    <Standalone appID={appID}>
      <ItemFormPage
        key={`edit-${componentId}-${itemId}-${formId}`}
        formKey={{ componentId, formId, projectId: null, itemId }}
        editPathOf={(id, onForm = formId) => `${base}/editItem/${componentId}/${id}/${onForm}`}
      />
    </Standalone>
  );
}
