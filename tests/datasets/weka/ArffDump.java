// Loads ARFF files with Weka's ArffLoader and prints every value exactly, so tests can
// compare Weka's reading of a file with ensemble_lab's. Run with the single-file source
// launcher: java -cp weka.jar ArffDump.java FILE...
// One line per file ("file<TAB>PATH"), then "error<TAB>MESSAGE" or one line per instance:
// the values separated by tabs ("?" missing, numbers in Double.toString, dates as
// milliseconds since the epoch, text after "=" with \, tab and line breaks escaped) and
// the weight last.
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStreamReader;
import weka.core.Attribute;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.converters.ArffLoader;

public class ArffDump {
  static String escape(String text) {
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
  }

  public static void main(String[] args) throws Exception {
    for (String path : args) {
      System.out.println("file\t" + path);
      Instances data;
      try {
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(new FileInputStream(path), "UTF-8"));
        data = new ArffLoader.ArffReader(reader).getData();
      } catch (Throwable error) {
        System.out.println("error\t" + escape(error.toString()));
        continue;
      }
      for (int i = 0; i < data.numInstances(); i++) {
        Instance row = data.instance(i);
        StringBuilder line = new StringBuilder("row");
        for (int j = 0; j < data.numAttributes(); j++) {
          Attribute attribute = data.attribute(j);
          line.append('\t');
          if (row.isMissing(j)) {
            line.append('?');
          } else if (attribute.isNominal() || attribute.isString()) {
            line.append('=').append(escape(attribute.value((int) row.value(j))));
          } else if (attribute.isDate()) {
            line.append((long) row.value(j));
          } else {
            line.append(Double.toString(row.value(j)));
          }
        }
        line.append('\t').append(Double.toString(row.weight()));
        System.out.println(line);
      }
    }
  }
}
