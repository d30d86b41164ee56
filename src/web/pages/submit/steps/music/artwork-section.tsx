import { useFormContext, useWatch } from 'react-hook-form';
import { MIN_RECOMMENDED_ARTWORK_PIXELS } from '../../../../../domain';
import { ArtworkPicker } from '../../../../forms/artwork-picker';
import { buildUploadInput, type SubmitFormValues } from '../../../../forms/form-values';
import { ARTWORK_UPLOAD_KEY } from '../../../../forms/upload-registry';
import { StepSection } from '../step-section';

const ARTWORK_LABELS = {
  input: 'Artwork file',
  preview: 'Artwork preview',
  progress: 'Artwork upload progress',
  pick: 'Choose artwork',
  replace: 'Replace Artwork',
  fallbackName: 'Artwork',
};

/**
 * The release artwork (spec 001 §2, §4, §5): JPEG up to 20 MB with a preview, uploaded at once;
 * Replace Artwork removes it and opens the picker. Beyond the spec: the pixel size is shown, with
 * a warning when the cover is not square or under 3000 x 3000.
 */
export function ArtworkSection() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const url = useWatch({ control, name: 'artwork' });
  const fileName = useWatch({ control, name: 'artworkFileName' });
  const width = useWatch({ control, name: 'artworkWidth' });
  const height = useWatch({ control, name: 'artworkHeight' });

  return (
    <StepSection
      title="Artwork"
      description={`A square JPEG, at least ${MIN_RECOMMENDED_ARTWORK_PIXELS} x ${MIN_RECOMMENDED_ARTWORK_PIXELS} pixels, up to 20 MB.`}
    >
      <ArtworkPicker
        uploadKey={ARTWORK_UPLOAD_KEY}
        field="artwork"
        labels={ARTWORK_LABELS}
        hint="JPEG or JPG only."
        stored={{ url, fileName, width, height }}
        uploadInput={() => buildUploadInput(getValues(), 'artwork')}
        onPick={(file) => {
          setValue('artworkFile', file, { shouldDirty: true });
          setValue('artworkFileName', file.name, { shouldDirty: true });
        }}
        onMeasured={(file, size) => {
          if (getValues('artworkFile') !== file) return;
          setValue('artworkWidth', size?.width, { shouldDirty: true });
          setValue('artworkHeight', size?.height, { shouldDirty: true });
        }}
        onUploaded={(file, uploaded) => {
          if (getValues('artworkFile') !== file) return;
          setValue('artwork', uploaded.url, { shouldDirty: true });
          setValue('artworkFileId', uploaded.fileId, { shouldDirty: true });
        }}
        onClear={() => {
          for (const name of [
            'artwork',
            'artworkFileId',
            'artworkFileName',
            'artworkWidth',
            'artworkHeight',
          ] as const) {
            setValue(name, undefined, { shouldDirty: true });
          }
          setValue('artworkFile', null, { shouldDirty: true });
        }}
      />
    </StepSection>
  );
}
