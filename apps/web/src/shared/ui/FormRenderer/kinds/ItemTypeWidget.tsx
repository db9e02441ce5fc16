import { Chip, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { KindProps } from './kindProps.ts';
import { DescriptionList, DescriptionRow } from './project/DescriptionList.tsx';
import { type ProjectWidgetContext, ProjectWidgetSection } from './project/ProjectWidgetSection.tsx';
import { useItemTypeChoices } from './useItemTypeChoices.ts';
import { useProjectItemType } from './useProjectItemType.ts';
import { QueryState } from './WidgetFrame.tsx';

/** A saved item's type: its component, formatted-ID pattern and current status. */
function SavedItemType({ context, itemId }: { context: ProjectWidgetContext; itemId: number }) {
  const { t } = useTranslation();
  const { project } = context;
  const info = useProjectItemType(project, itemId);
  return (
    <QueryState query={info}>
      {(data) => (
        <DescriptionList>
          <DescriptionRow term={t('form.project.itemType')}>{data.label}</DescriptionRow>
          <DescriptionRow term={t('form.project.technicalName')}>{data.name}</DescriptionRow>
          <DescriptionRow term={t('form.project.formattedId')}>{data.formattedId}</DescriptionRow>
          <DescriptionRow term={t('form.project.pattern')}>{data.formattedIdPattern}</DescriptionRow>
          <DescriptionRow term={t('form.project.status')}>
            {data.status ? (
              <Chip
                size="small"
                label={data.status.name}
                // The status colour comes from the definition's workflow.
                sx={{ borderLeft: 4, borderLeftColor: data.status.color }}
              />
            ) : (
              t('form.project.noStatus')
            )}
          </DescriptionRow>
          {data.project && (
            <DescriptionRow term={t('form.project.project')}>
              {`${data.project.formattedId} — ${data.project.title}`}
            </DescriptionRow>
          )}
        </DescriptionList>
      )}
    </QueryState>
  );
}

/** A new item of a project: the item types the project allows; choosing one opens its insert form. */
function NewItemType({ context }: { context: ProjectWidgetContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = context;
  const choices = useItemTypeChoices(project);
  return (
    <QueryState query={choices}>
      {(rows) =>
        rows.length === 0 ? (
          <Typography color="text.secondary">{t('form.project.noItemTypes')}</Typography>
        ) : (
          <TextField
            select
            size="small"
            label={t('form.project.chooseType')}
            helperText={t('form.project.chooseTypeHint')}
            value={rows.some((row) => row.componentId === project.componentId) ? project.componentId : ''}
            onChange={(event) => {
              const chosen = rows.find((row) => row.componentId === Number(event.target.value));
              if (chosen?.insertPath && chosen.componentId !== project.componentId)
                navigate(chosen.insertPath);
            }}
            sx={{ minWidth: 260 }}
          >
            {rows.map((row) => (
              <MenuItem key={row.componentId} value={row.componentId} disabled={!row.insertPath}>
                {row.insertPath ? row.label : t('form.project.noForm', { type: row.label })}
              </MenuItem>
            ))}
          </TextField>
        )
      }
    </QueryState>
  );
}

/**
 * The itemType component of spec §3: for a saved item, its type and current status; for a new item of a
 * project, the project's item types, choosing one opening that type's insert form (§2.9 insertItem route).
 */
export function ItemTypeWidget({ component }: KindProps<'itemType'>) {
  return (
    <ProjectWidgetSection component={component}>
      {(context) =>
        context.project.itemId !== null ? (
          <SavedItemType context={context} itemId={context.project.itemId} />
        ) : (
          <NewItemType context={context} />
        )
      }
    </ProjectWidgetSection>
  );
}
