// What other features use of the starter kit: the panel the plans and templates views show.
export { StarterKit } from './components/StarterKit';
