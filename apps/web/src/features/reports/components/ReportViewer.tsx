import type { ReportParameterValues } from '@der/contracts';
import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { useReportInfo, useReportResult } from '../hooks/useReport.ts';
import { formatReportNumber } from '../reportFormat.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportExportButtons } from './ReportExportButtons.tsx';
import { ReportGroupsTable } from './ReportGroupsTable.tsx';
import { ReportItemsTable } from './ReportItemsTable.tsx';
import { ReportParametersForm } from './ReportParametersForm.tsx';

/**
 * The report viewer (spec §2.9, §7.7): the parameters first; once submitted, the chart, the groups with their
 * totals, the items' table and the exports. A report without parameters runs at once.
 */
export function ReportViewer({ reportId }: { reportId: number }) {
  const { t, i18n } = useTranslation();
  const info = useReportInfo(reportId);
  const [submitted, setSubmitted] = useState<ReportParameterValues | null>(null);
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const noParameters = info.data?.parameters.length === 0;
  const parameters = submitted ?? (noParameters ? {} : null);
  const result = useReportResult(reportId, parameters, page, rowsPerPage);

  if (reportId <= 0) return <Alert severity="error">{t('reports.notFound')}</Alert>;
  if (info.isPending) return <CircularProgress aria-label={t('reports.loading')} />;
  if (info.isError) return <Alert severity="error">{getErrorMessage(info.error)}</Alert>;
  const report = info.data;
  const firstMeasure = report.measures[0];

  const handleSubmit = (values: ReportParameterValues) => {
    setPage(1);
    setSubmitted(values);
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {report.name}
      </Typography>
      {report.description && <Typography variant="body2">{report.description}</Typography>}
      {report.parameters.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ReportParametersForm
            parameters={report.parameters}
            onSubmit={handleSubmit}
            busy={result.isFetching}
          />
        </Paper>
      )}
      {result.isError && <Alert severity="error">{getErrorMessage(result.error)}</Alert>}
      {parameters === null && <Typography color="text.secondary">{t('reports.fillParameters')}</Typography>}
      {result.data && parameters !== null && (
        <>
          <ReportExportButtons reportId={reportId} parameters={parameters} />
          {result.data.groupsTruncated && <Alert severity="info">{t('reports.groupsTruncated')}</Alert>}
          {report.chart !== 'none' && firstMeasure && result.data.groups.length > 0 && (
            <ReportChart
              chart={report.chart}
              groups={result.data.groups}
              measureLabel={firstMeasure.label}
              title={t('reports.chartOf', { name: report.name })}
              format={(value) => formatReportNumber(value, firstMeasure.format, i18n.language)}
            />
          )}
          {result.data.groups.length === 0 ? (
            <Typography>{t('reports.empty')}</Typography>
          ) : (
            <ReportGroupsTable info={report} result={result.data} />
          )}
          {result.data.table && (
            <Box>
              <ReportItemsTable
                columns={report.columns}
                itemPathOf={
                  report.itemFormId === null
                    ? undefined
                    : (itemId) =>
                        `/runtime/${report.applicationId}/editItem/${report.componentId}/${itemId}/${report.itemFormId}`
                }
                table={result.data.table}
                onPageChange={setPage}
                onRowsPerPageChange={(rows) => {
                  setRowsPerPage(rows);
                  setPage(1);
                }}
              />
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
