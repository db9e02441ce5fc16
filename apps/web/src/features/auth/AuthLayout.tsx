import { Box, Container, type ContainerProps, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../app/SettingsContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AppearanceMenu } from '../../shared/ui/AppearanceMenu.tsx';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { mainContentProps } from '../../shared/ui/SkipLink.tsx';

export interface AuthLayoutProps {
  /** Page title (brand + section) and, unless `hideHeading`, the page's h1. */
  title: string;
  children: ReactNode;
  maxWidth?: ContainerProps['maxWidth'];
  /** Where the brand in the header leads (the portal's login page). */
  homePath?: string;
  /** The page renders its own h1. */
  hideHeading?: boolean;
}

/** Frame of the public account pages: brand header with PT/EN (when enabled), one main region, a card. */
export function AuthLayout({
  title,
  children,
  maxWidth = 'sm',
  homePath = '/',
  hideHeading,
}: AuthLayoutProps) {
  const settings = useSettings();
  usePageTitle(title);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: settings.bgLogin ? `url("${settings.bgLogin}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
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
          to={homePath}
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
        sx={{ flex: 1, display: 'flex', alignItems: 'center', py: { xs: 3, md: 6 }, outline: 'none' }}
      >
        <Container maxWidth={maxWidth}>
          <Paper elevation={3} sx={{ p: { xs: 2.5, sm: 4 } }}>
            {!hideHeading && (
              <Typography component="h1" variant="h5" gutterBottom>
                {title}
              </Typography>
            )}
            {children}
          </Paper>
        </Container>
      </Box>
    </Box>
  );
}
