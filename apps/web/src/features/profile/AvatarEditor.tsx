import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, Slider, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_SCALE, cropAvatar } from './cropAvatar.ts';

const PREVIEW_SIZE = 120;

/**
 * Avatar editor of spec §2.10: pick a picture, zoom it with the scale slider (1 to 2, step 0.1); the parent
 * receives a cropped square data URL (≤ 256 px) whenever the picture or the scale changes.
 */
export function AvatarEditor({
  current,
  name,
  onChange,
  disabled,
}: {
  current: string;
  name: string;
  onChange: (dataUrl: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const fileInputRef = useRef<HTMLInputElement | null>(null);
  const sliderLabelId = useId();
  const imageRef = useRef<HTMLImageElement | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [scale, setScale] = useState<number>(AVATAR_SCALE.initial);

  function emit(nextScale: number) {
    const image = imageRef.current;
    if (!image?.naturalWidth) return;
    const dataUrl = cropAvatar(image, nextScale);
    if (dataUrl) onChange(dataUrl);
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file?.type.startsWith('image/')) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') {
        setScale(AVATAR_SCALE.initial);
        setSource(reader.result);
      }
    };
    reader.readAsDataURL(file);
  }

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: PREVIEW_SIZE,
          height: PREVIEW_SIZE,
          borderRadius: '50%',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
        }}
      >
        {source ? (
          <Box
            component="img"
            ref={imageRef}
            src={source}
            alt={t('profile.avatarPreview')}
            onLoad={() => emit(scale)}
            // The zoom is a style attribute (allowed by the CSP), not a generated class per value.
            style={{ transform: `scale(${scale})` }}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Avatar src={current || undefined} alt={name} sx={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
      </Box>
      <Button
        size="small"
        startIcon={<PhotoCameraIcon />}
        disabled={disabled}
        onClick={() => fileInputRef.current?.click()}
      >
        {t('profile.chooseAvatar')}
      </Button>
      <input
        ref={fileInputRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={t('profile.chooseAvatar')}
        data-testid="avatar-file"
        onChange={handleFile}
      />
      <Box sx={{ width: '100%', px: 2 }}>
        <Typography id={sliderLabelId} variant="caption">
          {t('profile.avatarScale')}
        </Typography>
        <Slider
          aria-labelledby={sliderLabelId}
          min={AVATAR_SCALE.min}
          max={AVATAR_SCALE.max}
          step={AVATAR_SCALE.step}
          value={scale}
          disabled={disabled || !source}
          valueLabelDisplay="auto"
          onChange={(_event, value) => setScale(value as number)}
          onChangeCommitted={(_event, value) => emit(value as number)}
        />
      </Box>
    </Stack>
  );
}
