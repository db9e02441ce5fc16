import type { ActivityResources } from '@der/contracts';
import {
  Alert,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hoursText } from '../../../format/hours.ts';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import type { KindProps } from './kindProps.ts';
import { RelatedDataSection } from './RelatedDataSection.tsx';
import { useActivityResources } from './useActivityResources.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

const hours = (minutes: number) => hoursText(minutes) || '0:00';

function ResourcesTable({ data, titleId }: { data: ActivityResources; titleId: string }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'BRL' }).format(value);
  if (data.resources.length === 0)
    return <Typography color="text.secondary">{t('form.activityResources.none')}</Typography>;
  return (
    <Table size="small" aria-labelledby={titleId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('form.activityResources.resource')}</TableCell>
          <TableCell>{t('form.activityResources.kind')}</TableCell>
          <TableCell align="right">{t('form.activityResources.costPerHour')}</TableCell>
          <TableCell align="right">{t('form.activityResources.hours')}</TableCell>
          <TableCell align="right">{t('form.activityResources.cost')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.resources.map((resource) => (
          <TableRow key={resource.resourceId}>
            <TableCell component="th" scope="row">
              {resource.name}
            </TableCell>
            <TableCell>{t(`form.activityResources.kinds.${resource.kind}`)}</TableCell>
            <TableCell align="right">{money(resource.costPerHour)}</TableCell>
            <TableCell align="right">{hours(resource.minutes)}</TableCell>
            <TableCell align="right">{money(resource.cost)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell component="th" scope="row" colSpan={3}>
            {t('form.activityResources.total')}
          </TableCell>
          <TableCell align="right">{hours(data.totalMinutes)}</TableCell>
          <TableCell align="right">{money(data.totalCost)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/**
 * The activityResource component of spec §3: the resources of the item's project (people and assets, spec §7.4)
 * and whoever entered time on the item, with the hours entered and their cost at each one's hourly rate.
 */
export function ActivityResourceWidget({ component }: KindProps<'activityResource'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const { itemId, mode, services } = useFormRenderer();
  const resources = useActivityResources(services.loadActivityResources, itemId);
  if (!services.loadActivityResources) return <RelatedDataSection component={component} />;
  if (!modeShowsItemData(mode)) return null;
  return (
    <WidgetFrame component={component} titleId={titleId}>
      {itemId === null ? (
        <Typography color="text.secondary">{t('form.related.saveFirst')}</Typography>
      ) : resources.isError ? (
        <Alert severity="error">{t('form.related.loadFailed')}</Alert>
      ) : resources.data ? (
        <ResourcesTable data={resources.data} titleId={titleId} />
      ) : (
        <Typography color="text.secondary">{t('form.loading')}</Typography>
      )}
    </WidgetFrame>
  );
}
