import { TextField } from '../../../components/ui/text-field';

/** The search box above an archive list. */
export const SearchField = ({
  placeholder,
  value,
  onValueChange,
}: {
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
}) => (
  <div className="mb-6 max-w-md">
    <TextField
      label="Search"
      type="search"
      placeholder={placeholder}
      value={value}
      onValueChange={onValueChange}
    />
  </div>
);

/** Case-insensitive: does any of the texts contain the words typed? */
export const matches = (search: string, ...texts: string[]) => {
  const words = search.trim().toLowerCase();
  return !words || texts.some((text) => text.toLowerCase().includes(words));
};
