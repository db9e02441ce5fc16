import {
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KindProps } from './kindProps.ts';
import { linkedRowLabel } from './linked/LinkedRowsList.tsx';
import { DescriptionList, DescriptionRow } from './project/DescriptionList.tsx';
import {
  NoProject,
  type ProjectWidgetContext,
  ProjectWidgetSection,
} from './project/ProjectWidgetSection.tsx';
import { useProjectConfiguration } from './useProjectConfiguration.ts';
import { QueryState } from './WidgetFrame.tsx';

function ConfigurationSummary({ context }: { context: ProjectWidgetContext }) {
  const { t } = useTranslation();
  const typesId = useId();
  const { project } = context;
  const configuration = useProjectConfiguration(project);
  return (
    <QueryState query={configuration}>
      {(data) =>
        data.project === null ? (
          <NoProject />
        ) : (
          <>
            <DescriptionList>
              <DescriptionRow term={t('form.project.project')}>{linkedRowLabel(data.project)}</DescriptionRow>
              <DescriptionRow term={t('form.project.manager')}>
                {data.manager?.name ?? t('form.project.noManager')}
              </DescriptionRow>
              <DescriptionRow term={t('form.project.status')}>
                {data.statusName ? (
                  <Chip
                    size="small"
                    label={data.statusName}
                    // The status colour comes from the definition's workflow.
                    sx={{ borderLeft: 4, borderLeftColor: data.statusColor ?? 'divider' }}
                  />
                ) : (
                  t('form.project.noStatus')
                )}
              </DescriptionRow>
              <DescriptionRow term={t('form.project.entries')}>
                {t('form.project.entriesValue', { users: data.userEntries, groups: data.groupEntries })}
              </DescriptionRow>
              <DescriptionRow term={t('form.project.readOnlyEntries')}>{data.readOnlyEntries}</DescriptionRow>
              <DescriptionRow term={t('form.project.folderAccessRestricted')}>
                {data.folderAccessRestricted ? t('form.project.yes') : t('form.project.no')}
              </DescriptionRow>
            </DescriptionList>
            <Typography id={typesId} component="h3" variant="subtitle2" sx={{ mt: 2 }}>
              {t('form.project.itemTypes')}
            </Typography>
            {data.itemTypes.length === 0 ? (
              <Typography color="text.secondary">{t('form.project.noItemTypes')}</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-labelledby={typesId}>
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        {t('form.project.itemType')}
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        {t('form.project.itemCount')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.itemTypes.map((type) => (
                      <TableRow key={type.componentId}>
                        <TableCell component="th" scope="row">
                          {type.name}
                        </TableCell>
                        <TableCell align="right">{type.count}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )
      }
    </QueryState>
  );
}

/**
 * The configuration component of spec §3: the summary of the item's project — manager, status, its §6
 * permission entries, and how many items of each type it holds (those the user may see). The web app has no
 * project-permissions screen yet, so no link to one is offered.
 */
export function ConfigurationWidget({ component }: KindProps<'configuration'>) {
  return (
    <ProjectWidgetSection component={component}>
      {(context) => <ConfigurationSummary context={context} />}
    </ProjectWidgetSection>
  );
}
