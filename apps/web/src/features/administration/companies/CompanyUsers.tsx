import type { Company } from '@der/contracts';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The users that belong to a company, under its form. */
export function CompanyUsers({ users }: { users: Company['users'] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1">
        {t('admin.companies.users')}
      </Typography>
      <List dense aria-label={t('admin.companies.users')}>
        {users.length === 0 ? (
          <ListItem>
            <ListItemText primary={t('admin.table.empty')} />
          </ListItem>
        ) : (
          users.map((user) => (
            <ListItem key={user.id}>
              <ListItemText primary={user.name} secondary={`${user.login} · ${user.email}`} />
            </ListItem>
          ))
        )}
      </List>
    </Box>
  );
}
