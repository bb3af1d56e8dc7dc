/**
 * The builders the operation files (`resources/<resource>/<operation>.ts`) compose their fields
 * from. Each builder reads the spec tables (`../spec/`, each resource's `resources/<resource>/spec.ts`) and builds one kind of field.
 */
export * from './attributes';
export * from './conditions';
export * from './destructive';
export * from './filters';
export * from './include';
export * from './operation';
export * from './options';
export * from './paging';
export * from './read';
export * from './relationship';
export * from './resource';
export * from './resourceLocator';
export * from './simplify';
export * from './text';
export * from './valueField';
