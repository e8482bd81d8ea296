/** The motor screens use the shared class names. */
export * from '../../../components/ui';
