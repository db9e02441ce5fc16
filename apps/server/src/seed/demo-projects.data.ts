import { INTAKE_PROJECTS } from '@der/definitions';
import { DEMO_WORK_CALENDAR } from '../engine/work-calendars/work-calendars.seed.ts';
import { type DemoRandom, daysFrom } from './demo-values.ts';

/** Demo values of Gestão de Projetos: projects (component 3), activities (5) and tasks (4). */

export interface DemoProject {
  title: string;
  status: string;
  /** Runs the department's works (activities and tasks) rather than holding portal requests. */
  works: boolean;
  /**
   * The portal requests that land in this project (its title is the one the request components name in
   * `externalRequests`; the analysts' group is its member, the applicants are not).
   */
  holds?: keyof typeof INTAKE_PROJECTS;
  /** Sigla of the responsible organisational unit (organizational-units.seed.ts). */
  unit: string;
  /** Name of the working calendar its deadlines count on (work-calendars.seed.ts); none: the default one. */
  calendar?: string;
  data: (now: Date) => Record<string, unknown>;
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    title: 'Duplicação BR-116 km 10–45',
    unit: 'DPR',
    calendar: DEMO_WORK_CALENDAR,
    status: 'execucao',
    works: true,
    data: (now) => ({
      descricao:
        'Duplicação da rodovia entre os km 10 e 45, com vias marginais, dispositivos de retorno e passarelas.',
      prioridade: 'alta',
      dataInicio: daysFrom(now, -240),
      dataFim: daysFrom(now, 480),
      orcamento: 186_450_000,
      percentualConcluido: 34,
    }),
  },
  {
    title: 'Recuperação da ponte sobre o Rio Pardo (SP-255)',
    unit: 'DCO',
    status: 'planejamento',
    works: true,
    data: (now) => ({
      descricao: 'Recuperação estrutural e alargamento da ponte sobre o Rio Pardo, km 142 da SP-255.',
      prioridade: 'media',
      dataInicio: daysFrom(now, 30),
      dataFim: daysFrom(now, 400),
      orcamento: 12_870_500.5,
      percentualConcluido: 0,
    }),
  },
  {
    title: 'Sinalização horizontal SP-310 km 150–210',
    unit: 'RR-02',
    status: 'concluido',
    works: true,
    data: (now) => ({
      descricao: 'Repintura da sinalização horizontal e instalação de tachas refletivas.',
      prioridade: 'baixa',
      dataInicio: daysFrom(now, -300),
      dataFim: daysFrom(now, -40),
      orcamento: 2_315_000,
      percentualConcluido: 100,
    }),
  },
  {
    title: INTAKE_PROJECTS.aet,
    unit: 'DCE',
    status: 'execucao',
    works: false,
    holds: 'aet',
    data: (now) => ({
      descricao: 'Análise das solicitações de Autorização Especial de Trânsito recebidas pelo portal.',
      prioridade: 'alta',
      dataInicio: daysFrom(now, -165),
    }),
  },
  {
    title: INTAKE_PROJECTS.tpeu,
    unit: 'DFD',
    status: 'execucao',
    works: false,
    holds: 'tpeu',
    data: (now) => ({
      descricao:
        'Análise das solicitações de Termo de Permissão Especial de Uso (TPEU) recebidas pelo portal.',
      prioridade: 'media',
      dataInicio: daysFrom(now, -165),
    }),
  },
];

const ACTIVITIES = [
  'Projeto executivo',
  'Licenciamento ambiental',
  'Desapropriações',
  'Mobilização do canteiro',
  'Terraplenagem',
  'Drenagem',
  'Pavimentação',
  'Obras de arte especiais',
  'Sinalização e segurança viária',
  'Fiscalização e medições',
];

export interface DemoActivity {
  title: string;
  data: Record<string, unknown>;
}

/** The WBS (EAP) of a works project: `count` activities in phases 1.x and 2.x. */
export function demoActivities(
  random: DemoRandom,
  now: Date,
  count: number,
  progressCap: number,
): DemoActivity[] {
  return Array.from({ length: count }, (_, index) => {
    const start = -200 + index * 45;
    const duration = random.int(30, 120);
    const done = start + duration < 0;
    return {
      title: ACTIVITIES[index % ACTIVITIES.length]!,
      data: {
        codigoEap: `${index < 3 ? 1 : 2}.${index < 3 ? index + 1 : index - 2}`,
        descricao: `${ACTIVITIES[index % ACTIVITIES.length]} conforme cronograma físico-financeiro.`,
        inicioPrevisto: daysFrom(now, start),
        fimPrevisto: daysFrom(now, start + duration),
        ...(start < 0 ? { inicioReal: daysFrom(now, start + random.int(0, 10)) } : {}),
        ...(done ? { fimReal: daysFrom(now, start + duration + random.int(-5, 15)) } : {}),
        percentualConcluido: Math.min(progressCap, done ? 100 : start < 0 ? random.int(10, 80) : 0),
        horasPrevistas: random.int(8, 60) * 10,
      },
    };
  });
}

/**
 * The finish-to-start network of a works project's WBS, as [activity, its predecessor] by position: design
 * before licensing and expropriations, both before mobilisation, then earthworks, drainage, paving and signs,
 * with the special structures after the earthworks. Supervision (position 9) runs alongside, without links.
 */
export const DEMO_ACTIVITY_PREDECESSORS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [2, 0],
  [3, 1],
  [3, 2],
  [4, 3],
  [5, 4],
  [6, 5],
  [7, 4],
  [8, 6],
];

const TASKS = [
  ['Revisar memorial de cálculo da drenagem', 'analise'],
  ['Vistoriar trecho km 18–22 após chuvas', 'vistoria'],
  ['Emitir parecer sobre interferência com rede elétrica', 'analise'],
  ['Atualizar cronograma físico-financeiro', 'documentacao'],
  ['Reunião de alinhamento com a construtora', 'reuniao'],
  ['Conferir medição mensal', 'documentacao'],
  ['Aprovar projeto de sinalização de obra', 'analise'],
  ['Vistoriar canteiro de obras', 'vistoria'],
  ['Responder ofício do Ministério Público', 'documentacao'],
  ['Ajustar script de integração com o SIAFEM', 'desenvolvimento'],
] as const;

export interface DemoTask {
  title: string;
  status: string;
  data: Record<string, unknown>;
}

export function demoTasks(random: DemoRandom, now: Date, count: number, finished: boolean): DemoTask[] {
  return Array.from({ length: count }, (_, index) => {
    const [title, tipoTarefa] = TASKS[index % TASKS.length]!;
    const status = finished ? 'concluida' : random.pick(['aFazer', 'aFazer', 'emAndamento', 'concluida']);
    const estimate = random.int(2, 24);
    return {
      title,
      status,
      data: {
        descricao: `${title}.`,
        tipoTarefa,
        prioridade: random.pick(['baixa', 'media', 'media', 'alta']),
        prazo: daysFrom(now, finished ? -random.int(40, 90) : random.int(-5, 40), 18),
        estimativaHoras: estimate,
        horasApontadas:
          status === 'aFazer'
            ? 0
            : status === 'concluida'
              ? estimate + random.int(-1, 4)
              : random.int(1, estimate),
      },
    };
  });
}
