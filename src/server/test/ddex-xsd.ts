import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { create } from 'xmlbuilder2';

/**
 * DDEX's ERN 4.1.1 schema for tests, and a small reader for the XML a test checks.
 *
 * The XSD itself is never committed here (DDEX's licence, and the workplace's rule): a developer
 * or CI puts release-notification.xsd and avs411.xsd in `../shared/ddex/ern/411/` beside the
 * project, or points DDEX_ERN_XSD_DIR at a folder holding them. Without them the schema checks are
 * skipped and say where to put the files.
 */

export const ERN_XSD_FILE = 'release-notification.xsd';

/** Where the ERN 4.1.1 XSD is: DDEX_ERN_XSD_DIR, else `<repo>/../shared/ddex/ern/411` when it holds the schema. */
export function findErnXsdDir(): string | undefined {
  const fromEnvironment = process.env.DDEX_ERN_XSD_DIR;
  if (fromEnvironment) return fromEnvironment;
  const shared = path.resolve(import.meta.dirname, '../../../../shared/ddex/ern/411');
  return fs.existsSync(path.join(shared, ERN_XSD_FILE)) ? shared : undefined;
}

/** Said by a skipped schema check. */
export const ERN_XSD_MISSING =
  'DDEX ERN 4.1.1 XSD not found: put release-notification.xsd and avs411.xsd in ../shared/ddex/ern/411/ ' +
  'beside the project, or set DDEX_ERN_XSD_DIR to their folder (the XSD may not be committed here)';

/**
 * Validates an ERN message against the XSD with xmllint (as the Debian/Ubuntu libxml2-utils package
 * installs it), the XML on stdin. `errors` are xmllint's lines, without its closing verdict.
 */
export function validateErnXml(
  xml: string,
  xsdDir: string | undefined = findErnXsdDir(),
): Promise<{ valid: boolean; errors: string[] }> {
  if (!xsdDir) return Promise.reject(new Error(ERN_XSD_MISSING));
  const schema = path.join(xsdDir, ERN_XSD_FILE);
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const errors = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && line !== '- validates' && line !== '- fails to validate');
      // xmllint answers 0 for a valid document, 3 or 4 for an invalid one, 1 for one that is not
      // well-formed; anything else (5: the schema does not compile) is no verdict on the XML.
      if (code === 0) resolve({ valid: true, errors });
      else if (code === 1 || code === 3 || code === 4) resolve({ valid: false, errors });
      else reject(new Error(`xmllint exited with ${code}: ${stderr}`));
    });
    // A write to an xmllint that failed to start or quit early: its exit is what the caller hears.
    child.stdin.on('error', () => {});
    child.stdin.end(xml, 'utf8');
  });
}

/** An element read back from XML: its local name, attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text content of the element and its descendants. */
  text: string;
}

/** Parses XML (with xmlbuilder2's parser) into plain elements a test can walk. */
export function parseXml(xml: string): XmlElement {
  // xmlbuilder2's parsed node implements the DOM interfaces; lib.dom's types describe it.
  const document = create(xml).node as unknown as Document;
  const root = document.documentElement;
  if (!root) throw new Error('parseXml: no document element');
  return toElement(root);
}

function toElement(element: Element): XmlElement {
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) attributes[attribute.name] = attribute.value;
  const children: XmlElement[] = [];
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 1) children.push(toElement(child as Element));
  }
  return { name: element.localName, attributes, children, text: element.textContent ?? '' };
}

/** The elements at a slash-separated path of child names below `from` ('ResourceList/SoundRecording'). */
export function elementsAt(from: XmlElement, pathOfNames: string): XmlElement[] {
  let current = [from];
  for (const name of pathOfNames.split('/')) {
    current = current.flatMap((element) => element.children.filter((child) => child.name === name));
  }
  return current;
}

/** The text of each element at the path, in document order. */
export function textsAt(from: XmlElement, pathOfNames: string): string[] {
  return elementsAt(from, pathOfNames).map((element) => element.text);
}

/** The one element at the path; throws when there is none or more than one. */
export function elementAt(from: XmlElement, pathOfNames: string): XmlElement {
  const found = elementsAt(from, pathOfNames);
  if (found.length !== 1)
    throw new Error(`expected one ${pathOfNames} below ${from.name}, found ${found.length}`);
  return found[0] as XmlElement;
}

/** Every element of the tree, the root first, in document order. */
export function allElements(from: XmlElement): XmlElement[] {
  return [from, ...from.children.flatMap(allElements)];
}
