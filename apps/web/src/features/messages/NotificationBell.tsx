import type { Language, Message } from '@der/contracts';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../app/storedLanguage.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { formatRelativeTime } from './formatRelativeTime.ts';
import { MessageDialog } from './MessageDialog.tsx';
import { type MessageAction, useMessageAction, useMessages } from './useMessages.ts';

/** Spec §2.10 / §9: the popup is 350 px wide, 400 px high with messages and 60 px when empty. */
export const BELL_POPUP_WIDTH = 350;
export const BELL_POPUP_HEIGHT = 400;
export const BELL_POPUP_EMPTY_HEIGHT = 60;

type Confirmation = { action: Exclude<MessageAction, 'read'>; message?: Message } | null;

/** The notification bell of the top bar: unread badge, messages popup, message dialog, bulk actions. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const language: Language = normalizeLanguage(i18n.language) ?? 'pt-BR';
  const popupId = useId();
  const { data: messages = [] } = useMessages();
  const action = useMessageAction();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<Message | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const unread = messages.filter((message) => !message.readed).length;
  const now = new Date();
  const bellLabel = unread > 0 ? t('messages.bellWithUnread', { count: unread }) : t('messages.bell');

  function handleConfirm() {
    if (!confirmation) return;
    const ids = confirmation.message ? [confirmation.message.id] : [];
    action.mutate({ action: confirmation.action, ids });
    setConfirmation(null);
    setOpened(null);
  }

  function handleOk(message: Message) {
    if (!message.readed) action.mutate({ action: 'read', ids: [message.id] });
    setOpened(null);
  }

  const confirmTexts: Record<Exclude<MessageAction, 'read'>, { title: string; text: string }> = {
    delete: { title: t('messages.delete'), text: t('messages.confirmDelete') },
    readAll: { title: t('messages.markAllRead'), text: t('messages.confirmMarkAllRead') },
    deleteAll: { title: t('messages.deleteAll'), text: t('messages.confirmDeleteAll') },
  };

  return (
    <>
      <Tooltip title={t('messages.bell')}>
        <IconButton
          color="inherit"
          aria-label={bellLabel}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? popupId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* No badge at all without unread messages: a hidden MUI badge still holds its last count as text, which
              the button's name ('Notificações') would not contain (axe label-content-name-mismatch). */}
          {unread > 0 ? (
            <Badge
              badgeContent={unread}
              color="error"
              // The count is part of the button's label already.
              slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'messages-badge' } as object }}
            >
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        id={popupId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('messages.title'),
            sx: {
              width: BELL_POPUP_WIDTH,
              maxWidth: '100vw',
              height: messages.length > 0 ? BELL_POPUP_HEIGHT : 'auto',
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ flex: 1 }}>
            {t('messages.title')}
          </Typography>
          <Tooltip title={t('messages.markAllRead')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('messages.markAllRead')}
                disabled={unread === 0}
                onClick={() => setConfirmation({ action: 'readAll' })}
              >
                <DoneAllIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('messages.deleteAll')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('messages.deleteAll')}
                disabled={messages.length === 0}
                onClick={() => setConfirmation({ action: 'deleteAll' })}
              >
                <DeleteSweepIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <Divider />
        {messages.length === 0 ? (
          <Box
            sx={{ height: BELL_POPUP_EMPTY_HEIGHT, display: 'flex', alignItems: 'center', px: 2 }}
            data-testid="messages-empty"
          >
            <Typography variant="body2" color="text.secondary">
              {t('messages.empty')}
            </Typography>
          </Box>
        ) : (
          <List dense sx={{ overflowY: 'auto', flex: 1 }} aria-label={t('messages.title')}>
            {messages.map((message) => (
              <ListItem key={message.id} disablePadding>
                <ListItemButton onClick={() => setOpened(message)}>
                  <ListItemText
                    primary={message.title}
                    secondary={formatRelativeTime(message.creationDate, now, language)}
                    slotProps={{
                      primary: { sx: { fontWeight: message.readed ? 'normal' : 'bold' }, noWrap: true },
                    }}
                  />
                  {!message.readed && (
                    <Typography component="span" variant="caption" color="primary" sx={{ ml: 1 }}>
                      {t('messages.unread')}
                    </Typography>
                  )}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
      <MessageDialog
        message={opened}
        onClose={() => setOpened(null)}
        onOk={handleOk}
        onDelete={(message) => setConfirmation({ action: 'delete', message })}
      />
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation ? confirmTexts[confirmation.action].title : ''}
        text={confirmation ? confirmTexts[confirmation.action].text : ''}
        onConfirm={handleConfirm}
        onCancel={() => setConfirmation(null)}
      />
    </>
  );
}
