import { buildStepValidation, type FieldError, type StepValidation } from '../common/field-error';
import { validateMasterSplits } from '../contributors/master-splits';
import type { SubmissionForm } from '../schemas/submission-form';
import { ADD_CATALOGUE_ITEM, ADD_CATALOGUE_ITEM_STEP } from './messages';

export type TransferInput = Pick<SubmissionForm, 'uploadType' | 'catalogueItems'>;

/**
 * Transfer rules (spec 001 §5) for uploadType transfer or both. Only a transfer on its own needs
 * a catalogue item: with 'both' the new music alone is a valid submission. The current
 * distributor is labelled required but, as in the spec, not enforced.
 */
export function validateTransfer(form: TransferInput): StepValidation {
  const errors: FieldError[] = [];
  if (form.uploadType === 'transfer' && form.catalogueItems.length === 0) {
    errors.push({ field: 'catalogueItems', message: ADD_CATALOGUE_ITEM });
  }
  form.catalogueItems.forEach((item, index) => {
    if (!item.metadata) return;
    errors.push(
      ...validateMasterSplits(
        {
          title: item.title,
          hasMasterSplit: item.metadata.hasMasterSplit,
          masterSplits: item.metadata.masterSplits,
        },
        `catalogueItems.${index}.metadata.masterSplits`,
      ),
    );
  });
  const noItems = errors.some((e) => e.message === ADD_CATALOGUE_ITEM);
  return buildStepValidation(errors, noItems ? ADD_CATALOGUE_ITEM_STEP : undefined);
}
