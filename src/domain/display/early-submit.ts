/**
 * A form the server prerendered can be submitted before the app has taken it over: a tap on Next
 * Step while a phone is still running the page's code would make the browser send the form and
 * reload the page (losing the tap and whatever was typed). This script, inlined at the top of every
 * page, holds such a submit for a form that asks for it (`data-early-submit`) until the app marks
 * the form live (`data-live`) and answers the held submit itself. With JavaScript off nothing runs
 * and the form works as plain HTML.
 *
 * Shared by the server (which inlines it and admits it by its hash in the CSP) and the web app
 * (which takes the held submits).
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export const LIVE_FORM_ATTRIBUTE = 'data-live';
export const EARLY_SUBMITS_GLOBAL = '__imprintEarlySubmits';

export const EARLY_SUBMIT_SCRIPT = `(function(){var held=window.${EARLY_SUBMITS_GLOBAL}=[];document.addEventListener('submit',function(e){var f=e.target;if(!f||!f.hasAttribute||!f.hasAttribute('${EARLY_SUBMIT_ATTRIBUTE}')||f.hasAttribute('${LIVE_FORM_ATTRIBUTE}'))return;e.preventDefault();e.stopPropagation();if(held.indexOf(f)<0)held.push(f);},true);})();`;
