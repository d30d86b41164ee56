import { ARTIST_STEP_EARLY_RULES } from '../artist/artist-validation';
import {
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_DRAFT_ATTRIBUTE,
  EARLY_FILLED_ATTRIBUTE,
  EARLY_MESSAGE_ATTRIBUTE,
  EARLY_SUBMIT_ATTRIBUTE,
  EARLY_SUBMITS_GLOBAL,
  type EarlyRuleSetName,
  type EarlyStepRules,
  LIVE_FORM_ATTRIBUTE,
} from './early-submit';

const RULE_SETS: Record<EarlyRuleSetName, EarlyStepRules> = { artist: ARTIST_STEP_EARLY_RULES };

/** JSON that cannot end the script element it sits in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The inline script (early-submit.ts says what it does). Written for any browser that runs the
 * page at all, and kept small: it is in every page's head. The server inlines it and admits it
 * by its hash in the CSP.
 *
 * A tap on the submit button of such a form that the script can answer is taken at the click,
 * before React's listener sees it: React would hydrate the rest of the form at once to deliver that
 * click, in one long task, and the answer would wait for it. A tap the script cannot answer (no
 * rule set, nothing wrong, a draft to restore) goes on, so React takes the form over as fast as it
 * can, and its submit is held. The first wrong field is focused in the next frame, where the page
 * is laid out once for both the answer and the focus.
 *
 * The rest of a tap on that button (pointer, mouse, touch and focus events) is kept from React too,
 * which would otherwise stop to hydrate at each of them (a press alone cost 10–60 ms on a 4× slowed
 * phone) before the click could be answered. Nothing there needs React yet: the button's ripple is
 * all it would draw. Its default actions (focus, the click itself) are left to the browser.
 */
export const EARLY_SUBMIT_SCRIPT = `(function(){var d=document,h=d.documentElement,held=window.${EARLY_SUBMITS_GLOBAL}=[],sets=${scriptJson(RULE_SETS)},shown=null;\
function check(f){var set=sets[f.getAttribute('${EARLY_SUBMIT_ATTRIBUTE}')],key=f.getAttribute('${EARLY_DRAFT_ATTRIBUTE}'),first=null,at=null,bad=[],i,r,a,n,c,v,o,m;\
if(!set)return null;try{if(key&&window.localStorage.getItem(key))return null;}catch(x){}\
for(i=0;i<set.fields.length;i++){r=set.fields[i];a=f.querySelector('[data-field="'+r.field+'"]');n=a&&a.querySelector('input,textarea');if(!n)continue;\
c=n.closest('.MuiFormControl-root')||a;v=n.value.trim();o=r.optOut&&f.querySelector('[name="'+r.optOut+'"]');m='';\
if(!(o&&o.checked)){if(!v)m=r.required;else if(r.pattern&&!new RegExp(r.pattern).test(v))m=r.patternMessage;else if(r.includes&&v.toLowerCase().indexOf(r.includes)<0)m=r.includesMessage;}\
if(m){c.setAttribute('${EARLY_MESSAGE_ATTRIBUTE}',m);bad.push(r.field);at=at||a;if(!first&&!n.disabled)first=n;}else c.removeAttribute('${EARLY_MESSAGE_ATTRIBUTE}');}\
if(!bad.length){h.removeAttribute('${EARLY_ANSWER_ATTRIBUTE}');return null;}\
for(i=0;i<bad.length&&bad[i]===set.soleField;i++);h.setAttribute('${EARLY_ANSWER_ATTRIBUTE}',i===bad.length?'sole':'fields');shown=f;return first||at;}\
function early(f){return f&&f.hasAttribute&&f.hasAttribute('${EARLY_SUBMIT_ATTRIBUTE}')&&!f.hasAttribute('${LIVE_FORM_ATTRIBUTE}');}\
function hold(e,f){e.preventDefault();e.stopPropagation();if(held.indexOf(f)<0)held.push(f);}\
function answer(e,f){var t=check(f);if(!t)return false;hold(e,f);\
requestAnimationFrame(function(){if(t.scrollIntoView)t.scrollIntoView({block:'center'});t.focus({preventScroll:true});});return true;}\
function submitter(e){var b=e.target&&e.target.closest&&e.target.closest('button,input');return b&&b.type==='submit'&&early(b.form)?b:null;}\
d.addEventListener('click',function(e){var b=submitter(e);if(b)answer(e,b.form);},true);\
'pointerover pointerdown pointermove pointerup pointerout mouseover mousedown mousemove mouseup mouseout touchstart touchmove touchend focusin focusout'.split(' ').forEach(function(t){\
d.addEventListener(t,function(e){if(submitter(e))e.stopPropagation();},true);});\
d.addEventListener('submit',function(e){var f=e.target;if(early(f)&&!answer(e,f))hold(e,f);},true);\
d.addEventListener('input',function(e){var n=e.target,f=n&&n.form,c;if(!early(f))return;\
c=n.type!=='checkbox'&&n.closest('.MuiFormControl-root');if(c){if(n.value)c.setAttribute('${EARLY_FILLED_ATTRIBUTE}','');else c.removeAttribute('${EARLY_FILLED_ATTRIBUTE}');}\
if(f===shown)check(f);},true);})();`;
