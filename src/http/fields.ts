/** The field schemas live with the route contract, which the web app shares. */
export { instantField, oneOf } from '../contract/fields';
