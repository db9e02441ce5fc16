import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { Box, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { type FolderNode, visibleNodes } from './folderTree.ts';

/**
 * The folder tree (WAI-ARIA tree pattern): one tab stop; Up/Down move, Right opens or goes to the first
 * subfolder, Left closes or goes to the parent, Home/End go to the first/last folder, Enter or Space selects.
 * Focus follows the selection, so the files of the focused folder are what the table shows.
 */
export function FolderTree({
  label,
  roots,
  expanded,
  selectedId,
  onToggle,
  onSelect,
}: {
  label: string;
  roots: readonly FolderNode[];
  expanded: ReadonlySet<number>;
  selectedId: number | null;
  onToggle: (id: number, open: boolean) => void;
  onSelect: (id: number) => void;
}) {
  const baseId = useId();
  const shown = useMemo(() => visibleNodes(roots, expanded), [roots, expanded]);
  const refs = useRef(new Map<number, HTMLLIElement>());
  const focusedId =
    selectedId !== null && shown.some((node) => node.folder.id === selectedId)
      ? selectedId
      : (shown[0]?.folder.id ?? null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current && focusedId !== null) refs.current.get(focusedId)?.focus();
    moved.current = false;
  }, [focusedId]);

  const parentOf = (node: FolderNode) => shown.find((candidate) => candidate.children.includes(node));
  const go = (node: FolderNode | undefined) => {
    if (!node) return;
    moved.current = true;
    onSelect(node.folder.id);
  };

  const keyDown = (event: KeyboardEvent, node: FolderNode, index: number) => {
    const open = expanded.has(node.folder.id);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        go(shown[index + 1]);
        break;
      case 'ArrowUp':
        handled();
        go(shown[index - 1]);
        break;
      case 'Home':
        handled();
        go(shown[0]);
        break;
      case 'End':
        handled();
        go(shown[shown.length - 1]);
        break;
      case 'ArrowRight':
        handled();
        if (node.children.length === 0) break;
        if (!open) onToggle(node.folder.id, true);
        else go(node.children[0]);
        break;
      case 'ArrowLeft':
        handled();
        if (open) onToggle(node.folder.id, false);
        else go(parentOf(node));
        break;
      case 'Enter':
      case ' ':
        handled();
        onSelect(node.folder.id);
        break;
    }
  };

  const renderNode = (node: FolderNode): React.ReactNode => {
    const index = shown.indexOf(node);
    const open = expanded.has(node.folder.id);
    const selected = node.folder.id === selectedId;
    const hasChildren = node.children.length > 0;
    return (
      <Box
        component="li"
        key={node.folder.id}
        role="treeitem"
        aria-level={node.depth + 1}
        // Named by its title alone (not by the subfolders inside it).
        aria-labelledby={`${baseId}-${node.folder.id}`}
        aria-selected={selected}
        aria-expanded={hasChildren ? open : undefined}
        tabIndex={node.folder.id === focusedId ? 0 : -1}
        ref={(element: HTMLLIElement | null) => {
          if (element) refs.current.set(node.folder.id, element);
          else refs.current.delete(node.folder.id);
        }}
        onKeyDown={(event: KeyboardEvent) => keyDown(event, node, index)}
        onClick={(event) => {
          event.stopPropagation();
          onSelect(node.folder.id);
        }}
        sx={{
          listStyle: 'none',
          outline: 'none',
          '&:focus-visible > .folder-row': {
            outline: 2,
            outlineColor: 'primary.main',
            outlineStyle: 'solid',
          },
        }}
      >
        <Box
          className="folder-row"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            pl: node.depth * 2,
            py: 0.25,
            borderRadius: 1,
            cursor: 'pointer',
            bgcolor: selected ? 'action.selected' : undefined,
            '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          }}
        >
          <Box
            component="span"
            aria-hidden
            onClick={(event) => {
              event.stopPropagation();
              if (hasChildren) onToggle(node.folder.id, !open);
            }}
            sx={{ display: 'inline-flex', width: 24, visibility: hasChildren ? 'visible' : 'hidden' }}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </Box>
          {selected ? (
            <FolderOpenIcon fontSize="small" color="primary" aria-hidden />
          ) : (
            <FolderIcon fontSize="small" color="action" aria-hidden />
          )}
          <Typography id={`${baseId}-${node.folder.id}`} variant="body2" noWrap>
            {node.folder.title}
          </Typography>
        </Box>
        {hasChildren && open && (
          <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
            {node.children.map(renderNode)}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box component="ul" role="tree" aria-label={label} sx={{ m: 0, p: 0 }}>
      {roots.map(renderNode)}
    </Box>
  );
}
