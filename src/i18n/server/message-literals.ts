/**
 * Finds the messages the API's code says (decisions 043 and 064): the keys given to `say` and
 * `zodError`, the texts given to the error helpers, the field messages of schemas and the `message`
 * of responses, as patterns where `{}` stands for a value built into the text (`${max}`). The test
 * of the API's catalogues checks that each one is a key with a translation in every language, and
 * that none is built (a value goes in the message's values), so no English message slips through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Calls whose string arguments are messages a person reads. */
const MESSAGE_CALLS = new Set([
  'say',
  'zodError',
  'ApiError',
  'StaleWriteError',
  'ReportLockedError',
  'LockedError',
  'NotItsTurnError',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'invalidField',
  'fieldError',
  'refuse',
  'refusal',
  'errorBody',
  'tooLarge',
  'badFile',
  'cannotImport',
  // The import's readers and its file problems (decision 054).
  'XlsxReadError',
  'CsvSyntaxError',
  'fileProblem',
]);
/** zod checks whose string argument is the field's message. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'int',
  'gte',
  'lte',
  'gt',
  'lt',
  'nonempty',
  'startsWith',
  'endsWith',
  'includes',
  'positive',
  'nonnegative',
  'multipleOf',
  'uuid',
]);
/** Object properties whose string value is a message. */
const MESSAGE_PROPERTIES = new Set(['message', 'error', 'reason', 'invalid']);
/** Object properties and constants whose value is an object of messages (`refusals: { create: '…' }`). */
const MESSAGE_OBJECTS = /^refusals$|MESSAGE|INSTEAD|REFUSAL/;

export interface MessageLiteral {
  file: string;
  line: number;
  /** The text, each `${…}` written `{}`. */
  pattern: string;
}

function patternOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  return null;
}

/** The strings an expression can give: a literal, either side of `a ? b : c`, or `a ?? b`. */
function texts(node: ts.Node): string[] {
  const own = patternOf(node);
  if (own !== null) return [own];
  if (ts.isParenthesizedExpression(node)) return texts(node.expression);
  if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return texts(node.right);
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(texts);
  // 'a ' + `b ${c}`: the text the two make.
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const right = texts(node.right);
    return texts(node.left).flatMap((left) => right.map((more) => left + more));
  }
  return [];
}

/** The string values of an object literal. */
function objectValues(node: ts.Node): string[] {
  if (!ts.isObjectLiteralExpression(node)) return texts(node);
  return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? texts(p.initializer) : []));
}

/** Field messages in `{ field: ['…'] }` given to an error helper. */
function fieldMessages(node: ts.Node): string[] {
  if (!ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((p) =>
    ts.isPropertyAssignment(p) && ts.isArrayLiteralExpression(p.initializer) ? texts(p.initializer) : [],
  );
}

/** The strings a function gives back: its expression body, or its `return`s. */
function returned(fn: ts.ArrowFunction | ts.FunctionExpression): string[] {
  if (!ts.isBlock(fn.body)) return texts(fn.body);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) found.push(...texts(node.expression));
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

function calleeName(node: ts.CallExpression | ts.NewExpression): string | null {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function literalsOfNode(node: ts.Node): string[] {
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
    const name = calleeName(node);
    const args = [...(node.arguments ?? [])];
    if (name && MESSAGE_CALLS.has(name)) return args.flatMap((arg) => [...texts(arg), ...fieldMessages(arg)]);
    if (name && ZOD_CHECKS.has(name) && ts.isPropertyAccessExpression(node.expression)) return args.flatMap(texts);
    return [];
  }
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_OBJECTS.test(node.name.text))
    return objectValues(node.initializer);
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_PROPERTIES.has(node.name.text)) {
    const value = node.initializer;
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return returned(value);
    return texts(value);
  }
  if (
    ts.isVariableDeclaration(node) &&
    ts.isIdentifier(node.name) &&
    MESSAGE_OBJECTS.test(node.name.text) &&
    node.initializer
  ) {
    return objectValues(node.initializer);
  }
  return [];
}

/** The message literals of one source file. */
export function messageLiterals(file: string, source: string): MessageLiteral[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: MessageLiteral[] = [];
  const visit = (node: ts.Node): void => {
    for (const pattern of literalsOfNode(node)) {
      if (pattern.trim())
        found.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, pattern });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The API's source files: src/lib and src/server, without tests and without the browser's code. */
export function apiSourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of ['src/lib', 'src/server']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
      files.push(join(entry.parentPath, entry.name));
    }
  }
  return files.sort();
}

export function allMessageLiterals(root: string, skip: (file: string) => boolean = () => false): MessageLiteral[] {
  return apiSourceFiles(root)
    .filter((file) => !skip(file))
    .flatMap((file) => messageLiterals(file.slice(root.length + 1), readFileSync(file, 'utf8')));
}
