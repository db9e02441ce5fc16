import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

function cpuModelFromProcCpuinfo(): string | undefined {
  try {
    const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
    const line = cpuinfo.split('\n').find((entry) => entry.startsWith('model name'));
    return line?.split(':').slice(1).join(':').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function describeMachine(): MachineInfo {
  return {
    cpuModel: cpuModelFromProcCpuinfo() ?? os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
