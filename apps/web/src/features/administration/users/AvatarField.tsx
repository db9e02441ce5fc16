import { Avatar, Box, Button } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileUploadButton } from '../../../shared/ui/FileUploadButton.tsx';
import { readFileAsDataUrl } from '../shared/readFileAsDataUrl.ts';
import type { UserFormControl } from './userForm.ts';

/** The user's picture: a preview, upload (stored as a data: URL) and remove. */
export function AvatarField({ control }: { control: UserFormControl }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="avatar"
      render={({ field }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={field.value || undefined} alt="" sx={{ width: 48, height: 48 }} />
          <FileUploadButton
            variant="outlined"
            size="small"
            accept="image/*"
            aria-label={t('admin.users.avatarUpload')}
            onFile={async (file) => field.onChange(await readFileAsDataUrl(file))}
          >
            {t('admin.users.avatarUpload')}
          </FileUploadButton>
          {field.value ? (
            <Button size="small" onClick={() => field.onChange('')}>
              {t('admin.users.avatarRemove')}
            </Button>
          ) : null}
        </Box>
      )}
    />
  );
}
