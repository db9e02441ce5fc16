import type { ItemChoice } from '@der/contracts';
import type { APIRequestContext } from '@playwright/test';
import type { TaskSeed } from '../fixtures/runtime.ts';
import { DEMO_USERS, SessionApi } from '../fixtures/shell.ts';

/** Component 4 (Tarefa) of Gestão de Projetos, form 5: its tab 'Anexos' holds the attachments component 'anexos'. */
export const TASK_COMPONENT = 4;
export const TASK_FORM = 5;

/** A one-page PDF with a classic cross-reference table, drawn by the viewer (react-pdf) and signed by pdfsig's peers. */
export function onePagePdf(text: string, page = { width: 300, height: 200 }): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * One task of the test's own (titled after `purpose`), seeded and found again as the demo analyst sees it; with
 * the analyst's API session for the test's own checks.
 */
export async function seededTask(
  request: APIRequestContext,
  seedTasks: (make: (tag: string) => TaskSeed[]) => Promise<{ tag: string }>,
  purpose: string,
  estimativaHoras: number,
): Promise<{ task: ItemChoice; analyst: SessionApi }> {
  const { tag } = await seedTasks((tag) => [
    {
      title: `${tag} ${purpose}`,
      prioridade: 'Média',
      prazo: '10/04/2030',
      estimativaHoras,
      tipoTarefa: 'Análise',
    },
  ]);
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  const found = await analyst.post<{ items: ItemChoice[] }>('/api/genericItem/searchItemsByQuery', {
    componentID: TASK_COMPONENT,
    query: tag,
  });
  return { task: found.items[0]!, analyst };
}
