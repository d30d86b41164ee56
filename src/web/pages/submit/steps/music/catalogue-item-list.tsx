import LibraryMusicOutlinedIcon from '@mui/icons-material/LibraryMusicOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { removeCatalogueItem } from '../../../../../domain';
import { fieldAnchor, fieldDomId, useFieldError } from '../../../../forms/field-errors';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { CatalogueItemCard } from './catalogue-item-card';

/** The releases the artist has added to transfer (`catalogueItems`), with the list's own problem. */
export function CatalogueItemList() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const items = useWatch({ control, name: 'catalogueItems' }) ?? [];
  const error = useFieldError('catalogueItems');
  const errorId = fieldDomId('catalogueItems');

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      {...fieldAnchor('catalogueItems')}
    >
      {/* Focusable so the keyboard lands here, not on the page's start, after a card is removed. */}
      <Typography id={headingId} ref={headingRef} tabIndex={-1} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Releases to transfer{items.length > 0 ? ` (${items.length})` : ''}
      </Typography>
      {error && (
        // Focusable so the wizard can move the keyboard here when the list is the first problem.
        <Alert id={errorId} severity="error" tabIndex={-1} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {items.length === 0 ? (
        <Stack
          spacing={1}
          sx={{
            alignItems: 'center',
            textAlign: 'center',
            p: { xs: 3, sm: 4 },
            border: 1,
            borderStyle: 'dashed',
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 3,
            color: 'text.secondary',
          }}
        >
          <LibraryMusicOutlinedIcon aria-hidden sx={{ fontSize: 40 }} />
          <Typography variant="body2">
            Nothing added yet. Search for your tracks and albums above, or paste a Spotify link, to build your
            transfer list.
          </Typography>
        </Stack>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item, index) => (
            <li key={item.id}>
              <CatalogueItemCard
                item={item}
                index={index}
                onRemove={() => {
                  setValue(
                    'catalogueItems',
                    removeCatalogueItem(getValues('catalogueItems') ?? [], item.id),
                    {
                      shouldDirty: true,
                    },
                  );
                  headingRef.current?.focus();
                }}
              />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
