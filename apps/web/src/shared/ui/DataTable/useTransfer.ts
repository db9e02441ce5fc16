import { useState } from 'react';
import type { DataTableQuery } from './dataTableTypes.ts';
import type { Transfer } from './TransferProgress.tsx';

/** The export or import in progress, if any: the owner's call runs while the table shows its progress. */
export function useTransfer(
  onExport: ((query: DataTableQuery) => Promise<void>) | undefined,
  onExportAll: (() => Promise<void>) | undefined,
  onImport: ((file: File, onProgress: (fraction: number) => void) => Promise<void>) | undefined,
) {
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const run = async (start: Transfer, work: () => Promise<void>) => {
    setTransfer(start);
    try {
      await work();
    } finally {
      setTransfer(null);
    }
  };
  return {
    transfer,
    runExport: async (query: DataTableQuery) => {
      if (onExport) await run({ kind: 'export' }, () => onExport(query));
    },
    runExportAll: async () => {
      if (onExportAll) await run({ kind: 'export' }, onExportAll);
    },
    runImport: async (file: File) => {
      if (onImport)
        await run({ kind: 'import', fraction: 0 }, () =>
          onImport(file, (fraction) => setTransfer({ kind: 'import', fraction })),
        );
    },
  };
}
