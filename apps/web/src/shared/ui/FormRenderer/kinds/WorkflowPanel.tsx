import { localize } from '@der/contracts';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DueChip } from '../../DueChip.tsx';
import { StatusChip } from '../../StatusChip.tsx';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import type { KindProps } from './kindProps.ts';

/**
 * The item's workflow (spec §4 item actions): its status in its colour, who it waits on (a user, or a group's
 * queue) and the actions the user may run in this status, as buttons. The page runs them (confirmation, reason
 * and responsible dialog); a new item shows its workflow once saved.
 */
export function WorkflowPanel({ component }: KindProps<'workflows'>) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { services, itemId, mode } = useFormRenderer();
  if (!modeShowsItemData(mode)) return null;
  const workflow = itemId === null ? undefined : services.workflow;
  const title = component.label ? localize(component.label, i18n.language) : t('workflow.panel.title');
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      {!workflow ? (
        <Typography color="text.secondary">{t('workflow.panel.saveFirst')}</Typography>
      ) : workflow.failed ? (
        <Alert severity="error">{t('workflow.panel.loadFailed')}</Alert>
      ) : !workflow.state ? (
        <Typography color="text.secondary">{t('form.loading')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
          >
            <Typography component="dt" color="text.secondary">
              {t('workflow.panel.status')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {workflow.state.status ? (
                <StatusChip name={workflow.state.status.name} color={workflow.state.status.color} />
              ) : (
                t('workflow.panel.noStatus')
              )}
            </Box>
            <Typography component="dt" color="text.secondary">
              {t('workflow.panel.responsible')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {workflow.state.responsible
                ? workflow.state.responsible.name
                : workflow.state.responsibleGroup
                  ? t('workflow.panel.groupQueue', { group: workflow.state.responsibleGroup.name })
                  : t('workflow.panel.noResponsible')}
            </Typography>
            {workflow.due?.dueAt && (
              <>
                <Typography component="dt" color="text.secondary">
                  {t('deadlines.title')}
                </Typography>
                <Box component="dd" sx={{ m: 0 }}>
                  <DueChip dueAt={workflow.due.dueAt} dueSoonAt={workflow.due.dueSoonAt} />
                </Box>
              </>
            )}
          </Box>
          {workflow.state.actions.length === 0 ? (
            <Typography color="text.secondary">{t('workflow.panel.noActions')}</Typography>
          ) : (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
              role="group"
              aria-label={t('workflow.panel.actions')}
            >
              {workflow.state.actions.map((action) => (
                <Box key={action.key}>
                  <Button
                    variant="outlined"
                    disabled={workflow.busy || Boolean(action.approvals?.givenByMe)}
                    onClick={() => workflow.runAction(action.key)}
                  >
                    {action.name}
                  </Button>
                  {action.approvals && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {action.approvals.givenByMe
                        ? t('workflow.panel.approvedByMe', {
                            given: action.approvals.given,
                            required: action.approvals.required,
                          })
                        : t('workflow.panel.approvals', {
                            given: action.approvals.given,
                            required: action.approvals.required,
                          })}
                    </Typography>
                  )}
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
