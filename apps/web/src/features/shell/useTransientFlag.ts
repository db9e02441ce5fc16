import { useEffect, useState } from 'react';

/** True for `durationMs` after `key` changes (and after mount): the page-change progress indicator. */
export function useTransientFlag(key: string, durationMs: number): boolean {
  const [activeKey, setActiveKey] = useState<string | null>(key);
  useEffect(() => {
    setActiveKey(key);
    const timer = window.setTimeout(() => setActiveKey(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [key, durationMs]);
  return activeKey === key;
}
