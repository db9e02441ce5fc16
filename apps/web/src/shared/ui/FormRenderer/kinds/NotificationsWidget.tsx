import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import {
  Alert,
  Avatar,
  Button,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { ItemRelationServices } from '../formRendererTypes.ts';
import type { KindProps } from './kindProps.ts';
import { type LinkedDataContext, LinkedDataSection } from './linked/LinkedDataSection.tsx';
import { RelatedDataSection } from './RelatedDataSection.tsx';
import { useFollowers } from './useFollowers.ts';

function Followers({ context, relations }: { context: LinkedDataContext; relations: ItemRelationServices }) {
  const { t } = useTranslation();
  const listId = useId();
  const { query, toggle } = useFollowers(relations, context.itemId);
  if (query.isError) return <Alert severity="error">{t('form.related.loadFailed')}</Alert>;
  if (!query.data) return <Typography color="text.secondary">{t('form.loading')}</Typography>;
  const { following, followers } = query.data;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {/* Following is the user's own choice, not a change of the item: offered on read-only forms too. */}
      <Button
        variant={following ? 'contained' : 'outlined'}
        aria-pressed={following}
        startIcon={following ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!following)}
      >
        {following ? t('form.relations.unfollow') : t('form.relations.follow')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {following ? t('form.relations.followingHint') : t('form.relations.notFollowingHint')}
      </Typography>
      {toggle.isError && <Alert severity="error">{t('form.relations.changeFailed')}</Alert>}
      <Typography id={listId} component="h3" variant="body2" sx={{ fontWeight: 600 }}>
        {t('form.relations.followers')}
      </Typography>
      {followers.length === 0 ? (
        <Typography color="text.secondary">{t('form.relations.noFollowers')}</Typography>
      ) : (
        <List dense aria-labelledby={listId}>
          {followers.map((follower) => (
            <ListItem key={follower.userId}>
              <ListItemAvatar>
                <Avatar alt="" src={follower.avatar} sx={{ width: 28, height: 28 }}>
                  {follower.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={follower.name} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The notifications component of spec §3: who follows the item — each gets a message when someone else saves
 * it — and a toggle for the user to follow or stop following it.
 */
export function NotificationsWidget({ component }: KindProps<'notifications'>) {
  const { services } = useFormRenderer();
  const relations = services.links?.relations;
  if (!relations) return <RelatedDataSection component={component} />;
  return (
    <LinkedDataSection component={component}>
      {(context) => <Followers context={context} relations={relations} />}
    </LinkedDataSection>
  );
}
