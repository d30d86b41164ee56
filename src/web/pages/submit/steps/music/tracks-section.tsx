import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormContext, useWatch } from 'react-hook-form';
import { addTrackSlot, canShowAddTrack, createEmptyTrack, summariseStrategy } from '../../../../../domain';
import { fieldAnchor, useFieldError } from '../../../../forms/field-errors';
import { createId, type SubmitFormValues } from '../../../../forms/form-values';
import { customArtworkUploadKey, useUploadRegistry } from '../../../../forms/upload-registry';
import { StepSection } from '../step-section';
import { useApplyStrategyUpdate } from './release-form-updates';
import { TrackCard } from './track-card';

/**
 * The release's tracks (spec 001 §2 step 2, §4): slots set by the release type, each with its
 * WAV upload; reorder by the arrows or by dragging (mouse, touch, or keyboard: focus the handle,
 * Space, then the arrow keys move it 25 px a step, as dnd-kit's keyboard sensor does).
 */
export function TracksSection() {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const tracks = useWatch({ control, name: 'tracks' });
  const releaseType = useWatch({ control, name: 'releaseType' });
  const error = useFieldError('tracks');
  const registry = useUploadRegistry();
  const applyStrategy = useApplyStrategyUpdate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const move = (from: number, to: number) => {
    const current = getValues('tracks');
    if (to < 0 || to >= current.length) return;
    setValue('tracks', arrayMove(current, from, to), { shouldDirty: true });
  };

  // dnd-kit's own announcements name items by id (a UUID): say the track's title and place instead.
  const titleOf = (id: UniqueIdentifier) => {
    const index = tracks.findIndex((t) => t.id === id);
    return tracks[index]?.title.trim() || `Track ${index + 1}`;
  };
  const placeOf = (id: UniqueIdentifier) => tracks.findIndex((t) => t.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is over position ${placeOf(over.id)} of ${tracks.length}.`
        : `${titleOf(active.id)} is no longer over a track.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} was dropped at position ${placeOf(over.id)} of ${tracks.length}.`
        : `${titleOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const current = getValues('tracks');
    move(
      current.findIndex((t) => t.id === active.id),
      current.findIndex((t) => t.id === over.id),
    );
  };

  const remove = (index: number) => {
    const current = getValues('tracks');
    const removed = current[index];
    if (removed) {
      registry.cancel(removed.id);
      registry.cancel(customArtworkUploadKey(removed.id));
    }
    // The last slot is emptied rather than removed: a release always offers somewhere to add audio.
    const next = current.length > 1 ? current.filter((_, i) => i !== index) : [createEmptyTrack(createId())];
    // A removed single takes its date out of the schedule: recompute the strategy from what is left.
    applyStrategy(summariseStrategy(next));
  };

  const add = () =>
    setValue('tracks', addTrackSlot(getValues('tracks'), releaseType, createEmptyTrack(createId())), {
      shouldDirty: true,
    });

  return (
    <StepSection
      title="Audio tracks"
      description="Upload each track as a WAV master (up to 200 MB). Give every track its title and credits."
    >
      <Box {...fieldAnchor('tracks')} tabIndex={-1} sx={{ outline: 'none' }}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={tracks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
            <Box component="ol" aria-label="Tracks" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
              {tracks.map((track, index) => (
                <TrackCard
                  key={track.id}
                  index={index}
                  count={tracks.length}
                  onMove={move}
                  onRemove={remove}
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      </Box>
      {canShowAddTrack(releaseType, tracks.length) && (
        <Button startIcon={<Add />} onClick={add} sx={{ mt: 2 }}>
          Add another track
        </Button>
      )}
    </StepSection>
  );
}
