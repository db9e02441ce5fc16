import { assertNever, type ProjectResource } from '@der/contracts';
import {
  Avatar,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { KindProps } from './kindProps.ts';
import {
  NoProject,
  type ProjectWidgetContext,
  ProjectWidgetSection,
} from './project/ProjectWidgetSection.tsx';
import { useProjectResources } from './useProjectResources.ts';
import { QueryState } from './WidgetFrame.tsx';

/** The initials an avatar shows when the person has no picture. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    (words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

function ResourceTable({ context }: { context: ProjectWidgetContext }) {
  const { t } = useTranslation();
  const { project, titleId } = context;
  const membershipOf = (member: ProjectResource) => {
    switch (member.source) {
      case 'direct':
        return t('form.project.direct');
      case 'group':
        return member.viaGroup ?? '';
      case 'manager':
        return t('form.project.asManager');
      default:
        return assertNever(member.source);
    }
  };
  const resources = useProjectResources(project);
  return (
    <QueryState query={resources}>
      {(data) =>
        data.project === null ? (
          <NoProject />
        ) : data.members.length === 0 ? (
          <Typography color="text.secondary">{t('form.project.noMembers')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('form.project.name')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('form.project.access')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('form.project.group')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('form.project.openItems')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.members.map((member) => (
                  <TableRow key={member.userId}>
                    <TableCell component="th" scope="row">
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {/* The name follows: the picture is decoration. */}
                        <Avatar
                          src={member.avatar || undefined}
                          alt=""
                          // The default grey fails contrast with white initials (WCAG 1.4.3).
                          sx={{
                            width: 28,
                            height: 28,
                            typography: 'caption',
                            bgcolor: 'primary.main',
                            color: 'primary.contrastText',
                          }}
                        >
                          {initialsOf(member.name)}
                        </Avatar>
                        <span>{member.name}</span>
                        {member.isManager && <Chip size="small" label={t('form.project.manager')} />}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      {member.access === 'edit' ? t('form.project.accessEdit') : t('form.project.accessRead')}
                    </TableCell>
                    <TableCell>{membershipOf(member)}</TableCell>
                    <TableCell align="right">{member.openItems}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      }
    </QueryState>
  );
}

/**
 * The projectResource component of spec §3: the people of the item's project (§6 permissions, directly or
 * through a group, and its manager) with their access and how many open items each is responsible for.
 */
export function ProjectResourceWidget({ component }: KindProps<'projectResource'>) {
  return (
    <ProjectWidgetSection component={component}>
      {(context) => <ResourceTable context={context} />}
    </ProjectWidgetSection>
  );
}
