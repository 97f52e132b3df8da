// The JavaScript that runs inside QuickJS, once per context. It builds the scope a script sees
// (`_A.Value`, `set_tag`, `local`, `context`), calls the compiled script and checks its result,
// and then freezes the context's built-ins and global object so that no evaluation can leave
// anything behind for the next one: the only state kept between evaluations is `local`.

/** The file name QuickJS gives compiled scripts; error lines are read from frames of this file. */
export const SCRIPT_FILE = 'calculation.js';
export const PRELUDE_FILE = 'sandbox-prelude.js';

/** An expression that evaluates to `run(fn, json): string`, the per-evaluation runner. */
export function preludeSource(localLimitBytes: number): string {
  return `(function () {
  'use strict';
  const LOCAL_LIMIT = ${localLimitBytes};
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const freezeDeep = (o) => {
    if (o !== null && typeof o === 'object' && !Object.isFrozen(o)) {
      Object.freeze(o);
      for (const k of Object.keys(o)) freezeDeep(o[k]);
    }
    return o;
  };
  const copy = (v, what) => {
    const text = JSON.stringify(v);
    if (text === undefined) throw new TypeError(what + ' must be JSON-serialisable');
    return JSON.parse(text);
  };
  const fail = (message) => JSON.stringify({ ok: false, message });
  const run = function (fn, json) {
    const ev = JSON.parse(json);
    const tags = {};
    let status = 'Good';
    const local = ev.local;
    const scope = Object.create(null);
    for (const input of ev.inputs) {
      scope['_' + input.alias] = freezeDeep({ Value: input.value, Timestamp: input.timestamp, Tags: input.tags, Status: input.status });
    }
    scope.context = freezeDeep(ev.context);
    scope.set_tag = (key, value) => {
      if (typeof key !== 'string' || typeof value !== 'string') throw new TypeError('set_tag(key, value) takes two strings');
      tags[key] = value;
    };
    scope.set_status = (value) => {
      if (typeof value !== 'string') throw new TypeError('set_status(status) takes a string');
      status = value;
    };
    scope.local = Object.freeze({
      get: (key) => (hasOwn(local, key) ? copy(local[key], 'local value') : undefined),
      set: (key, value) => {
        if (typeof key !== 'string') throw new TypeError('local.set(key, value) takes a string key');
        if (value === undefined) delete local[key];
        else local[key] = copy(value, 'local.set value');
      },
    });
    Object.freeze(scope);
    const value = fn(scope);
    if (value === undefined) return fail('The script gave no result: end it with an expression or return a value');
    if (typeof value === 'number' && !Number.isFinite(value)) return fail('The result is ' + String(value) + ', not a finite number');
    if (value !== null && typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string') {
      return fail('The result must be a number, boolean, string or null, not ' + (Array.isArray(value) ? 'an array' : 'a value of type ' + typeof value));
    }
    const localText = JSON.stringify(local);
    if (localText.length > LOCAL_LIMIT) return fail('The local state takes ' + localText.length + ' bytes, more than the limit of ' + LOCAL_LIMIT);
    return JSON.stringify({ ok: true, value, tags, status, local });
  };
  const freezeWithPrototype = (v) => {
    if (v !== null && (typeof v === 'object' || typeof v === 'function')) {
      Object.freeze(v);
      if (v.prototype) Object.freeze(v.prototype);
    }
  };
  for (const name of Object.getOwnPropertyNames(globalThis)) freezeWithPrototype(globalThis[name]);
  // Intrinsics that no global names, reachable only through an instance.
  const proto = Object.getPrototypeOf;
  [
    proto(function* () {}), proto(async function () {}), proto(async function* () {}),
    proto(proto([][Symbol.iterator]())), proto([][Symbol.iterator]()), proto(new Map().entries()),
    proto(new Set().values()), proto(''[Symbol.iterator]()), proto(/x/[Symbol.matchAll]('')),
    proto(Int8Array), proto(proto((function* () {})())),
  ].forEach(freezeWithPrototype);
  Object.freeze(globalThis);
  return run;
})()`;
}

// Everything up to the script sits on the script's first line, so that QuickJS's line numbers are
// the script's own. The outer function is sloppy only for \`with\`; the script itself is strict.
const HEAD = "(function (__calculationScope) { with (__calculationScope) { return (function () { 'use strict'; ";
const TAIL = '\n}).call(undefined); } })';

/** The script as a single expression whose value is the result. */
export function wrapExpression(script: string): string {
  return `${HEAD}return (${script}\n);${TAIL}`;
}

/** The script as a function body whose `return` gives the result. */
export function wrapBody(script: string): string {
  return `${HEAD}${script}${TAIL}`;
}
