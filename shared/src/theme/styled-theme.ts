/** Types styled-components' `props.theme` as our Theme in every module that imports shared. */
import type { Theme } from './skins';

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}
