import { Link, List, ListItem, ListItemText } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LinkedRow } from '../../formRendererTypes.ts';
import { QueryState } from '../WidgetFrame.tsx';

/** How a linked item reads: its formatted ID and title. */
export function linkedRowLabel(row: { formattedId: string; title: string }): string {
  return `${row.formattedId} — ${row.title}`;
}

/** The item's label, a link to its edit route when a form of its component is known. */
export function LinkedRowLabel({ row }: { row: LinkedRow }) {
  if (!row.editPath) return linkedRowLabel(row);
  return (
    <Link component={RouterLink} to={row.editPath}>
      {linkedRowLabel(row)}
    </Link>
  );
}

/**
 * The loading, failure and empty states of a linked-data query; the rows themselves are the caller's
 * (`children` gets them once loaded and not empty).
 */
export function LinkedQueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T[]>;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0}>
      {children}
    </QueryState>
  );
}

/** A list of linked items, each with its edit link, an optional second line and an optional action. */
export function LinkedRowsList<T extends { row: LinkedRow }>({
  entries,
  labelledBy,
  ordered = false,
  secondary,
  action,
}: {
  entries: readonly T[];
  labelledBy: string;
  /** An ordered list (a time line). */
  ordered?: boolean;
  secondary?: (entry: T) => ReactNode;
  action?: (entry: T) => ReactNode;
}) {
  return (
    <List dense component={ordered ? 'ol' : 'ul'} aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <ListItem key={entry.row.id} secondaryAction={action?.(entry)}>
          <ListItemText primary={<LinkedRowLabel row={entry.row} />} secondary={secondary?.(entry)} />
        </ListItem>
      ))}
    </List>
  );
}
