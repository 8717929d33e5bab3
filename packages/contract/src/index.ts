export * from './envelope.ts';
export * from './endpoint.ts';
export * from './errors.ts';
export * from './enums.ts';
export * from './patterns.ts';
export * from './system.ts';
export * from './operator.ts';
export * from './agent-terms.ts';
