import {
  type FieldDefinition,
  type LocalizedText,
  type OperationAnswer,
  operationRoutes,
} from '@der/contracts';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { PromptDialog } from '../../../shared/ui/FormRenderer/PromptDialog.tsx';

/**
 * `/runtime/:appID/operation/:operationID/:title`: runs an operation of the application (its business rule);
 * an operation that needs values asks for them in a prompt whose OK waits for the required ones.
 */
export function OperationPage() {
  const { t } = useTranslation();
  const { operationID, title } = useParams();
  const operationId = Number(operationID);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [prompt, setPrompt] = useState<{ title: LocalizedText; fields: FieldDefinition[] } | null>(null);

  function handle(answer: OperationAnswer) {
    setPrompt(answer.prompt ?? null);
    if (answer.message) setResult({ severity: 'success', text: answer.message });
    else if (!answer.prompt) setResult({ severity: 'success', text: t('form.operation.done') });
  }

  async function run(call: () => Promise<OperationAnswer>) {
    setRunning(true);
    setResult(null);
    try {
      handle(await call());
    } catch (error) {
      setResult({ severity: 'error', text: getErrorMessage(error) });
    } finally {
      setRunning(false);
    }
  }

  if (!Number.isInteger(operationId) || operationId <= 0) {
    return <Alert severity="error">{t('form.page.badRoute')}</Alert>;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h5">
        {title ?? t('form.operation.title')}
      </Typography>
      <Button
        variant="contained"
        disabled={running}
        onClick={() =>
          run(() => apiCall(operationRoutes.executeOperationBusinessRule, { body: { operationId } }))
        }
      >
        {t('form.operation.run')}
      </Button>
      {result && (
        <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
          {result.text}
        </Alert>
      )}
      {prompt && (
        <PromptDialog
          open
          title={prompt.title}
          fields={prompt.fields}
          onCancel={() => setPrompt(null)}
          onConfirm={(values) =>
            run(() =>
              apiCall(operationRoutes.executeOperationCallResultFunction, { body: { operationId, values } }),
            )
          }
        />
      )}
    </Stack>
  );
}
