import { Box, Container, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../app/SettingsContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AppearanceMenu } from './AppearanceMenu.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { mainContentProps } from './SkipLink.tsx';

/** Frame of the foundation's public pages: brand header (language, appearance) and one main region. */
export function PublicPageLayout({ title, children }: { title: string; children: ReactNode }) {
  const settings = useSettings();
  usePageTitle(title);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 3,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
        >
          {settings.logo && (
            // Decorative next to the brand name, which already names the link.
            <Box component="img" src={settings.logo} alt="" sx={{ height: 40 }} />
          )}
          <Typography component="span" variant="h6">
            {settings.brand}
          </Typography>
        </Link>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {settings.enableMultiLanguage && <LanguageSwitcher />}
          <AppearanceMenu />
        </Stack>
      </Box>
      <Box
        component="main"
        {...mainContentProps}
        sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 6, outline: 'none' }}
      >
        <Container maxWidth="sm">
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            {children}
          </Paper>
        </Container>
      </Box>
    </Box>
  );
}

export function HomeLink({ label }: { label: string }) {
  return (
    <Link component={RouterLink} to="/" sx={{ display: 'inline-block', mt: 3 }}>
      {label}
    </Link>
  );
}
